import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import toast from "react-hot-toast";
import { SHOP_REFUSAL_CODES } from "#common/availability";
import { PROMO_REFUSALS } from "#common/promo-codes";
import { REWARD_NOT_AVAILABLE } from "#common/loyalty";
import type { CheckoutForm } from "#common/forms/checkout";
import { useShopStatus } from "#web/shared-features/shop-status/shop-status-store";
import { ApiRequestError } from "#web/lib/api-client";
import type { CartItem } from "#web/lib/cart-store";
import { pickupDaysQueryKey } from "./api/get-pickup-days";
import { forgetCheckoutAttempt } from "./checkout-attempt";

// The spec's words (section 8), verbatim.
export const CHECKOUT_FAILURE_TOAST = "Unexpected error during payment.";

const REFUSAL_CODES: readonly string[] = SHOP_REFUSAL_CODES;
const PROMO_REFUSAL_CODES: readonly string[] = PROMO_REFUSALS;
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

/** Under a line the shop has run out of, whether the shop's state or the server said so. */
export const SOLD_OUT_LINE_TEXT = "Sold out: remove it to continue";

/** Under a line made with an add-on the shop has run out of (oat milk). */
export const soldOutOptionText = (optionName: string) =>
  `${optionName} is sold out today: remove the drink and choose it again with another option`;

/**
 * What the server refused an order for, kept where the checkout shows it until the next attempt or
 * a changed cart: a line's problem, the pickup time's, the order's size, or the form's.
 */
export function useOrderRefusals(items: CartItem[], form: UseFormReturn<CheckoutForm>) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const [pickupError, setPickupError] = useState<string | null>(null);
  // The server refused "as soon as possible" for this cart (`ready_after_closing`): a time ahead instead.
  const [asapRefused, setAsapRefused] = useState(false);
  const [lineProblems, setLineProblems] = useState<LineProblems>({});
  const [promoRefusal, setPromoRefusal] = useState<string | null>(null);
  const [rewardRefusal, setRewardRefusal] = useState<string | null>(null);

  // A changed cart may be a size the shop can take: the server's earlier answers no longer apply.
  useEffect(() => {
    setTooLarge(null);
    setAsapRefused(false);
    setLineProblems({});
    setPromoRefusal(null);
    setRewardRefusal(null);
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
    if (PROMO_REFUSAL_CODES.includes(error.code)) {
      // Said under the promo code field, in the server's words ("…has been used up").
      setPromoRefusal(error.message);
    } else if (error.code === REWARD_NOT_AVAILABLE) {
      // Said where the free drink is offered, in the server's words ("…your card no longer has them").
      setRewardRefusal(error.message);
    } else if (line) {
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

  /** A new attempt starts with none of the last one's problems. */
  function clear() {
    setProblem(null);
    setTooLarge(null);
    setPickupError(null);
    setLineProblems({});
    setPromoRefusal(null);
    setRewardRefusal(null);
  }

  return {
    showRefusal,
    clear,
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
    lineProblems,
    /** The order was refused for its promo code (409 `promo_*`): said under the field. */
    promoRefusal,
    clearPromoRefusal: () => setPromoRefusal(null),
    /** The order was refused for its reward (409 `reward_not_available`): said where the reward is offered. */
    rewardRefusal,
    clearRewardRefusal: () => setRewardRefusal(null),
    isRewardRefusal: (error: unknown) => error instanceof ApiRequestError && error.code === REWARD_NOT_AVAILABLE,
    isPromoRefusal: (error: unknown) => error instanceof ApiRequestError && PROMO_REFUSAL_CODES.includes(error.code),
  };
}
