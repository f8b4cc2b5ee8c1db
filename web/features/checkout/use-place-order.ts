import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import toast from "react-hot-toast";
import { SHOP_REFUSAL_CODES } from "#common/availability";
import type { CheckoutForm, OrderRequest, PickupRequest } from "#common/forms/checkout";
import { formatCents } from "#common/money";
import type { CreateOrderResponse } from "#common/orders";
import type { TipRequest } from "#common/tips";
import { FEEDBACK_DEFAULT_LOADING_TEXT, useFeedbackStore } from "#web/components/feedback/feedback-store";
import { useShopStatus } from "#web/components/shop-status/shop-status-store";
import { ApiRequestError } from "#web/lib/api-client";
import type { CartItem } from "#web/lib/cart-store";
import { cartTotalCents } from "#web/lib/cart-total";
import { useSessionStore } from "#web/lib/session-store";
import { useCreateOrder } from "./api/create-order";
import { pickupDaysQueryKey } from "./api/get-pickup-days";
import { checkoutAttemptKey, forgetCheckoutAttempt } from "./checkout-attempt";
import { goToPaymentPage } from "./payment-redirect";
import type { PlacedOrder } from "./use-order-success";

// The spec's words (section 8), verbatim.
export const CHECKOUT_FAILURE_TOAST = "Unexpected error during payment.";

const REFUSAL_CODES: readonly string[] = SHOP_REFUSAL_CODES;
const ADDRESS_FIELDS: readonly string[] = ["phone", "street", "zip"] satisfies (keyof CheckoutForm)[];
/** `lines.2` or `lines.2.productId`: the server names the cart line it refused. */
const LINE_FIELD = /^lines\.(\d+)(?:\.|$)/;
/** `lines.2.modifierIds.1`: the server names the option of the line it refused. */
const OPTION_FIELD = /^lines\.\d+\.modifierIds\.(\d+)$/;

/** Problems the server found with cart lines, by cart line id: said under the line. */
export type LineProblems = Record<string, string>;

/** "Line 2: Mango Tango (large) is sold out. Remove it…" said under line 2 itself: without the line's number. */
function lineProblemText(error: ApiRequestError, line: CartItem): string {
  const optionIndex = OPTION_FIELD.exec(error.field ?? "")?.[1];
  if (error.code === "sold_out" && optionIndex !== undefined) {
    // A line saved before add-ons has no options of its own: the server's message names the default.
    const option = line.options?.[Number(optionIndex)];
    return option ? soldOutOptionText(option.name) : error.message.replace(/^Line \d+: /, "");
  }
  if (error.code === "sold_out") return SOLD_OUT_LINE_TEXT;
  const text = error.message.replace(/^Line \d+: /, "");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const SHOP_UNREACHABLE =
  "We could not reach the shop, so your order has not been sent. Check your connection and press Checkout again.";
export const WAITING_FOR_NETWORK =
  "You are offline, so your order has not been sent yet. It will be sent once, as soon as you are back online.";

/** Under a line the shop has run out of, whether the shop's state or the server said so. */
export const SOLD_OUT_LINE_TEXT = "Sold out: remove it to continue";

/** Under a line made with an add-on the shop has run out of (oat milk). */
export const soldOutOptionText = (optionName: string) =>
  `${optionName} is sold out today: remove the drink and choose it again with another option`;

function toOrderLines(items: CartItem[]): OrderRequest["lines"] {
  return items.map((item) => ({
    productId: item.productId,
    size: item.size as OrderRequest["lines"][number]["size"],
    quantity: item.quantity,
    note: item.comment,
    // A line saved before add-ons sends none: the server makes it with the defaults.
    ...(item.options ? { modifierIds: item.options.map((option) => option.id) } : {}),
  }));
}

interface PlaceOrderInput {
  items: CartItem[];
  form: UseFormReturn<CheckoutForm>;
  /** The time chosen in the picker: when to pick the order up, or when a delivery leaves the shop. */
  pickup: PickupRequest;
  deliveryFeeCents: number;
  /** The tip chosen and what it comes to (already checked: at most the subtotal). */
  tip: { request?: TipRequest; cents: number };
  finish(phone: string, outcome: PlacedOrder): void;
}

/**
 * Sends the order (`POST /api/orders`) with this attempt's Idempotency-Key, then: Stripe's
 * payment page, or the success flow, or what went wrong said where the shopper looks (under the
 * field, under the pickup time, or under the form).
 */
export function usePlaceOrder({ items, form, pickup, deliveryFeeCents, tip, finish }: PlaceOrderInput) {
  const createOrder = useCreateOrder();
  const queryClient = useQueryClient();
  const setSessionUser = useSessionStore((state) => state.setUser);
  const [problem, setProblem] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const [pickupError, setPickupError] = useState<string | null>(null);
  // The server refused "as soon as possible" for this cart (`ready_after_closing`): a time ahead instead.
  const [asapRefused, setAsapRefused] = useState(false);
  const [serverTotalCents, setServerTotalCents] = useState<number | null>(null);
  const [lineProblems, setLineProblems] = useState<LineProblems>({});

  // A changed cart means a changed total, and maybe a size the shop can take: the server's earlier
  // answers no longer apply.
  useEffect(() => {
    setServerTotalCents(null);
    setTooLarge(null);
    setAsapRefused(false);
    setLineProblems({});
  }, [items]);

  /**
   * One message per problem, where the problem is: a line's under that line, the address's under
   * its field, the pickup time's under the picker, the shop's state in place of the form. The
   * spec's error toast is kept for what the shopper cannot act on.
   */
  function showRefusal(error: unknown) {
    if (error instanceof ApiRequestError && error.status === 0) {
      setProblem(SHOP_UNREACHABLE);
      return;
    }
    if (error instanceof ApiRequestError && error.code === "payment_unavailable") {
      // The server released the order (nothing is held for it): the next press is a new attempt.
      forgetCheckoutAttempt();
      setProblem(error.message);
      return;
    }
    if (!(error instanceof ApiRequestError) || error.status >= 500) {
      toast.error(CHECKOUT_FAILURE_TOAST);
      return;
    }
    const lineIndex = LINE_FIELD.exec(error.field ?? "")?.[1];
    const line = lineIndex === undefined ? undefined : items[Number(lineIndex)];
    if (REFUSAL_CODES.includes(error.code)) {
      // The shop's state and its slots changed since the page last asked: ask both again now.
      void useShopStatus.getState().refresh();
      void queryClient.invalidateQueries({ queryKey: pickupDaysQueryKey });
    }
    if (line) {
      setLineProblems({ [line.id]: lineProblemText(error, line) });
    } else if (error.code === "slot_full" || error.code === "slot_invalid") {
      setPickupError(error.message);
    } else if (error.code === "ready_after_closing") {
      // Said under the pickup time, which moves to the first time ahead that can make the cart.
      setAsapRefused(true);
      setPickupError(error.message);
    } else if (error.code === "order_too_large" || error.code === "open_drinks_limit") {
      setTooLarge(error.message);
    } else if (error.field && ADDRESS_FIELDS.includes(error.field)) {
      const field = error.field as "phone" | "street" | "zip";
      form.setError(field, { message: error.message.replace(`${field}: `, "") }, { shouldFocus: true });
    } else {
      setProblem(error.message);
    }
  }

  // Offline, the request waits for the network (the query client's online mode): no spinner over
  // the page meanwhile, but a word beside the button (WAITING_FOR_NETWORK); it is sent once back online.
  const waiting = createOrder.isPaused;
  useEffect(() => {
    const feedback = useFeedbackStore.getState();
    if (waiting) feedback.hide();
    else if (createOrder.isPending) feedback.show("loading", { message: FEEDBACK_DEFAULT_LOADING_TEXT });
  }, [waiting, createOrder.isPending]);

  async function placeOrder({ phone, fulfilment = "pickup", street = "", zip = "" }: CheckoutForm) {
    setProblem(null);
    setTooLarge(null);
    setPickupError(null);
    setLineProblems({});
    const lines = toOrderLines(items);
    const delivering = fulfilment === "delivery";
    const pickupRequest: PickupRequest = pickup;
    const displayedTotalCents = cartTotalCents(items) + (delivering ? deliveryFeeCents : 0) + tip.cents;
    const feedback = useFeedbackStore.getState();
    feedback.show("loading", { message: FEEDBACK_DEFAULT_LOADING_TEXT });
    let result: CreateOrderResponse;
    try {
      result = await createOrder.mutateAsync({
        request: {
          lines,
          phone,
          displayedTotalCents,
          pickup: pickupRequest,
          fulfilment,
          ...(delivering ? { street, zip } : {}),
          ...(tip.request ? { tip: tip.request } : {}),
        },
        idempotencyKey: checkoutAttemptKey(lines, pickupRequest, { phone, fulfilment, street, zip, tip: tip.request }),
      });
      if (result.order.status === "cancelled") {
        // This attempt's order lapsed unpaid; a new attempt makes a new order.
        forgetCheckoutAttempt();
        throw new Error("The order for this checkout was cancelled");
      }
    } catch (error) {
      feedback.hide();
      showRefusal(error);
      return;
    }

    if (result.totalChanged) {
      setServerTotalCents(result.order.totalCents);
      toast(`Prices changed since you added these drinks. Your total is ${formatCents(result.order.totalCents)}.`);
    }
    if (result.paymentUrl) {
      setSessionUser({ phone });
      feedback.show("loading", { message: "Taking you to secure payment..." });
      goToPaymentPage(result.paymentUrl);
      return;
    }
    feedback.hide();
    finish(phone, { order: result.order, orderId: result.order.id });
  }

  return {
    placeOrder,
    isPending: createOrder.isPending,
    problem,
    /**
     * The shop cannot take this order online (`order_too_large`, or the account's open unpaid
     * drinks are at the limit: `open_drinks_limit`): its words, naming the shop's phone.
     */
    tooLarge,
    /** "As soon as possible" was refused as ready only after closing: the checkout offers a time ahead. */
    asapRefused,
    pickupError,
    clearPickupError: () => setPickupError(null),
    serverTotalCents,
    lineProblems,
    /** True while the order waits for the network: it has not been sent, and goes once the browser is back online. */
    isWaitingForNetwork: waiting,
  };
}
