import { useCallback, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import { orderNumber, type Order } from "#common/orders";
import { useFeedbackStore, type FeedbackState } from "#web/shared-features/feedback/feedback-store";
import { useCartStore } from "#web/lib/cart-store";
import { useSessionStore } from "#web/lib/session-store";
import { forgetCheckoutAttempt } from "./checkout-attempt";
import { placedOrderDetails, placedOrderFollowUp } from "./placed-order-details";

// The spec's words (section 8), verbatim.
export const CHECKOUT_SUCCESS_TOAST = "Success! Your order is placed";
export const CHECKOUT_SUCCESS_MESSAGE = "Your order is placed, We will contact you as soon as possible.";
/** Spec section 9: back to the menu this long after a successful order. */
export const POST_ORDER_REDIRECT_MS = 300;
export const VIEW_ORDER_LABEL = "View order";
export const ORDER_DETAILS_LOADING_NOTE = "Loading your order's details…";
export const ORDER_DETAILS_FAILED_NOTE = "Your order's details could not be loaded just now. View order shows them.";

/** What was just ordered: the server's answer, or only its id after a return from Stripe. */
export type PlacedOrder = { order: Order; orderId: string } | { order: null; orderId: string | null };

export function orderPath(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}`;
}

/** True while the feedback modal still shows the success of this order (not closed, not replaced). */
export function showsSuccessOf(orderId: string) {
  return (state: FeedbackState) => state.kind === "success" && state.link?.to === orderPath(orderId);
}

/**
 * The end of a successful checkout, from either path (paid on pickup, or back from Stripe):
 * cart emptied, toast and success modal, and back to the menu after the spec's 300 ms.
 *
 * The one exception to the return: a shopper reaching for `View order` (pointer down or focus on
 * it) cancels it, so a tap landing around the 300 ms mark opens the order and never the menu.
 * Closing the modal without following the link then goes back to the menu as the spec says.
 */
export function useOrderSuccess() {
  const navigate = useNavigate();
  const clearCart = useCartStore((state) => state.clear);
  const setSessionUser = useSessionStore((state) => state.setUser);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  // Set before the cart is emptied: the success flow navigates itself.
  const completingRef = useRef(false);
  const onPageRef = useRef(true);
  const pendingReturn = useRef<number | null>(null);

  useEffect(() => {
    onPageRef.current = true;
    return () => {
      onPageRef.current = false;
      // The shopper left (View order, or anywhere else): the page no longer moves them.
      if (pendingReturn.current !== null) window.clearTimeout(pendingReturn.current);
    };
  }, []);

  function backToMenu() {
    if (onPageRef.current) navigate("/menu");
  }

  function finish(phone: string | null, outcome: PlacedOrder) {
    completingRef.current = true;
    forgetCheckoutAttempt();
    setPlaced(outcome);
    clearCart();
    if (phone) setSessionUser({ phone });
    toast.success(CHECKOUT_SUCCESS_TOAST);

    let reachedForOrder = false;
    let followedOrder = false;
    const { orderId } = outcome;
    useFeedbackStore.getState().show("success", {
      message: CHECKOUT_SUCCESS_MESSAGE,
      followUp: outcome.order ? placedOrderFollowUp(outcome.order) : undefined,
      details: outcome.order
        ? placedOrderDetails(outcome.order)
        : orderId
          ? [{ label: "Order", value: orderNumber(orderId) }]
          : undefined,
      note: !outcome.order && orderId ? ORDER_DETAILS_LOADING_NOTE : undefined,
      // However it is paid: the page behind goes back to the menu, so the modal offers it.
      readyNotifications: true,
      link: orderId
        ? {
            label: VIEW_ORDER_LABEL,
            to: orderPath(orderId),
            onIntent: () => {
              reachedForOrder = true;
              if (pendingReturn.current !== null) window.clearTimeout(pendingReturn.current);
              pendingReturn.current = null;
            },
            onFollow: () => {
              followedOrder = true;
            },
          }
        : undefined,
    });

    pendingReturn.current = window.setTimeout(() => {
      pendingReturn.current = null;
      backToMenu();
    }, POST_ORDER_REDIRECT_MS);

    if (!orderId) return;
    const stillShown = showsSuccessOf(orderId);
    const stopWatching = useFeedbackStore.subscribe((state) => {
      if (stillShown(state)) return;
      stopWatching();
      // Reached for View order, then closed the modal instead: the return the spec asks for.
      if (reachedForOrder && !followedOrder) backToMenu();
    });
  }

  const isCompleting = useCallback(() => completingRef.current, []);
  return { placed, finish, isCompleting };
}
