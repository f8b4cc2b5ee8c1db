import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useRef } from "react";
import { useSearchParams } from "react-router";
import { z } from "zod";
import { orderNumber } from "#common/orders";
import { useFeedbackStore } from "#web/shared-features/feedback/feedback-store";
import { orderQueryOptions } from "#web/shared-features/placed-order/api/get-order";
import { cancelPayment } from "./api/cancel-payment";
import { forgetCheckoutAttempt } from "./checkout-attempt";
import { placedOrderDetails, placedOrderFollowUp } from "./placed-order-details";
import { ORDER_DETAILS_FAILED_NOTE, showsSuccessOf, type PlacedOrder } from "./use-order-success";

export const PAYMENT_CANCELLED_TITLE = "Payment cancelled";
export const PAYMENT_CANCELLED_MESSAGE =
  "Your card was not charged and your cart is still here. Check out again whenever you are ready.";

/** The query Stripe sends the shopper back with (the worker's success and cancel URLs). */
const stripeReturnSchema = z.object({
  payment: z.enum(["success", "cancelled"]),
  // An order id as the worker writes it; anything else is not looked up.
  order: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/)
    .nullable()
    .catch(null),
});

/** Whether the page opened as a return from Stripe's payment page, and for which order. */
export function readStripeReturn(params: URLSearchParams) {
  const parsed = stripeReturnSchema.safeParse({ payment: params.get("payment"), order: params.get("order") });
  return parsed.success ? parsed.data : null;
}

/**
 * Back from Stripe's payment page. Paid: the same success as a pay-on-pickup order, and the
 * modal fills in the order's number, total, payment and time once `GET /api/orders/:id` answers
 * (it says so if that fails, and still offers the order). Cancelled: the cart stays, with a clear
 * message, and the next Checkout starts a fresh attempt.
 */
export function useStripeReturn(finish: (phone: string | null, outcome: PlacedOrder) => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const handledRef = useRef(false);
  const stripeReturn = readStripeReturn(searchParams);

  const handleReturn = useEffectEvent(() => {
    if (handledRef.current || !stripeReturn) return;
    handledRef.current = true;
    if (stripeReturn.payment === "cancelled") {
      // The unpaid order is released now; failing that, when its payment time runs out.
      if (stripeReturn.order) cancelPayment(stripeReturn.order).catch(() => {});
      forgetCheckoutAttempt();
      setSearchParams({}, { replace: true });
      useFeedbackStore.getState().show("error", { title: PAYMENT_CANCELLED_TITLE, message: PAYMENT_CANCELLED_MESSAGE });
      return;
    }

    const orderId = stripeReturn.order;
    finish(null, { order: null, orderId });
    if (!orderId) return;
    // Fetched outside the page's lifetime: the modal outlives it when the page returns to the menu.
    const stillShown = showsSuccessOf(orderId);
    queryClient.fetchQuery(orderQueryOptions(orderId)).then(
      (order) =>
        useFeedbackStore.getState().update(stillShown, {
          details: placedOrderDetails(order),
          followUp: placedOrderFollowUp(order),
          note: undefined,
        }),
      () =>
        useFeedbackStore.getState().update(stillShown, {
          details: [{ label: "Order", value: orderNumber(orderId) }],
          note: ORDER_DETAILS_FAILED_NOTE,
        }),
    );
  });

  // Once, for the address the page opened with.
  useEffect(() => handleReturn(), []);

  return { returningPaid: stripeReturn?.payment === "success" };
}
