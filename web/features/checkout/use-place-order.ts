import { useEffect, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import toast from "react-hot-toast";
import type { CheckoutForm, OrderRequest, PickupRequest } from "#common/forms/checkout";
import { formatCents } from "#common/money";
import { orderTotalCents } from "#common/order-total";
import type { CreateOrderResponse } from "#common/orders";
import type { TipRequest } from "#common/tips";
import { FEEDBACK_DEFAULT_LOADING_TEXT, useFeedbackStore } from "#web/shared-features/feedback/feedback-store";
import type { CartItem } from "#web/lib/cart-store";
import { cartTotalCents } from "#web/lib/cart-total";
import { useSessionStore } from "#web/lib/session-store";
import { useCreateOrder } from "./api/create-order";
import { checkoutAttemptKey, forgetCheckoutAttempt } from "./checkout-attempt";
import { goToPaymentPage } from "./payment-redirect";
import { useOrderRefusals } from "./use-order-refusals";
import type { PlacedOrder } from "./use-order-success";

export const WAITING_FOR_NETWORK =
  "You are offline, so your order has not been sent yet. It will be sent once, as soon as you are back online.";

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
  /** The promo code to place the order with and what the checkout shows it takes off (null: none). */
  promo: { code: string | null; discountCents: number; isChecking: boolean; onRefused(): void };
  /** The stamp-card reward to spend and what the checkout shows it takes off (null: none). */
  reward: {
    request: { id: string; line: number } | null;
    discountCents: number;
    isPricing: boolean;
    onRefused(): void;
  };
  finish(phone: string, outcome: PlacedOrder): void;
}

/**
 * Sends the order (`POST /api/orders`) with this attempt's Idempotency-Key, then: Stripe's
 * payment page, or the success flow, or what went wrong said where the shopper looks (under the
 * field, under the pickup time, or under the form).
 */
export function usePlaceOrder({ items, form, pickup, deliveryFeeCents, tip, promo, reward, finish }: PlaceOrderInput) {
  const createOrder = useCreateOrder();
  const setSessionUser = useSessionStore((state) => state.setUser);
  const refusals = useOrderRefusals(items, form);
  const { showRefusal } = refusals;
  const [serverTotalCents, setServerTotalCents] = useState<number | null>(null);

  // A changed cart means a changed total: the server's earlier one no longer applies.
  useEffect(() => {
    setServerTotalCents(null);
  }, [items]);

  // Offline, the request waits for the network (the query client's online mode): no spinner over
  // the page meanwhile, but a word beside the button (WAITING_FOR_NETWORK); it is sent once back online.
  const waiting = createOrder.isPaused;
  useEffect(() => {
    const feedback = useFeedbackStore.getState();
    if (waiting) feedback.hide();
    else if (createOrder.isPending) feedback.show("loading", { message: FEEDBACK_DEFAULT_LOADING_TEXT });
  }, [waiting, createOrder.isPending]);

  async function placeOrder({ phone, fulfilment = "pickup", street = "", zip = "" }: CheckoutForm) {
    const discountWasPending =
      (promo.code !== null && promo.isChecking) || (reward.request !== null && reward.isPricing);
    refusals.clear();
    const lines = toOrderLines(items);
    const delivering = fulfilment === "delivery";
    const pickupRequest: PickupRequest = pickup;
    const displayedTotalCents = orderTotalCents({
      subtotalCents: cartTotalCents(items),
      discountCents: promo.discountCents + reward.discountCents,
      deliveryFeeCents: delivering ? deliveryFeeCents : 0,
      tipCents: tip.cents,
    });
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
          ...(promo.code ? { promoCode: promo.code } : {}),
          ...(reward.request ? { reward: reward.request } : {}),
        },
        idempotencyKey: checkoutAttemptKey(lines, pickupRequest, {
          phone,
          fulfilment,
          street,
          zip,
          tip: tip.request,
          promoCode: promo.code ?? undefined,
          reward: reward.request ?? undefined,
        }),
      });
      if (result.order.status === "cancelled") {
        // This attempt's order lapsed unpaid; a new attempt makes a new order.
        forgetCheckoutAttempt();
        throw new Error("The order for this checkout was cancelled");
      }
    } catch (error) {
      feedback.hide();
      showRefusal(error);
      if (refusals.isPromoRefusal(error)) promo.onRefused();
      if (refusals.isRewardRefusal(error)) reward.onRefused();
      return;
    }

    if (result.totalChanged) {
      setServerTotalCents(result.order.totalCents);
      const total = formatCents(result.order.totalCents);
      // Tapped while the discount was still being worked out: no price changed, the discount arrived.
      toast(
        discountWasPending
          ? `Your total with your discount is ${total}.`
          : `Prices changed since you added these drinks. Your total is ${total}.`,
      );
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
    problem: refusals.problem,
    tooLarge: refusals.tooLarge,
    asapRefused: refusals.asapRefused,
    pickupError: refusals.pickupError,
    clearPickupError: refusals.clearPickupError,
    serverTotalCents,
    lineProblems: refusals.lineProblems,
    promoRefusal: refusals.promoRefusal,
    clearPromoRefusal: refusals.clearPromoRefusal,
    rewardRefusal: refusals.rewardRefusal,
    clearRewardRefusal: refusals.clearRewardRefusal,
    /** True while the order waits for the network: it has not been sent, and goes once the browser is back online. */
    isWaitingForNetwork: waiting,
  };
}
