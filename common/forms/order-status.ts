import { z } from "zod";
import { COLLECT_ANSWERS } from "#common/cash-drawer";
import { CANCEL_REASON_MAX_LENGTH } from "#common/order-lifecycle";
import { ORDER_STATUSES, PAYMENT_STATES } from "#common/orders";

/**
 * What the tablet showed when the move was tapped: a move whose expected state no longer holds is
 * refused with 409 `order_changed` rather than written over someone else's (docs/decisions/0030).
 */
export const expectedOrderStateSchema = z.object({
  status: z.enum(ORDER_STATUSES, "Choose a known status"),
  paymentState: z.enum(PAYMENT_STATES, "Choose a known payment state"),
});
export type ExpectedOrderState = z.infer<typeof expectedOrderStateSchema>;

/** `POST /api/staff/orders/:id/status`, and the board's cancel form: a cancellation says why. */
export const orderStatusChangeSchema = z
  .object({
    status: z.enum(ORDER_STATUSES, "Choose a known status"),
    reason: z
      .string()
      .trim()
      .max(CANCEL_REASON_MAX_LENGTH, `A reason can be at most ${CANCEL_REASON_MAX_LENGTH} characters`)
      .optional(),
    /** Done on a ticket that still owes money: the answer to "Collected $8.39?". */
    payment: z.enum(COLLECT_ANSWERS, "Answer collected or not_collected").optional(),
    expected: expectedOrderStateSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === "cancelled" && !value.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: "Say why the order is cancelled" });
    }
  });
export type OrderStatusChange = z.input<typeof orderStatusChangeSchema>;

/** The board's cancel dialog: only the reason. */
export const cancelOrderFormSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, "Say why the order is cancelled")
    .max(CANCEL_REASON_MAX_LENGTH, `A reason can be at most ${CANCEL_REASON_MAX_LENGTH} characters`),
});
export type CancelOrderForm = z.infer<typeof cancelOrderFormSchema>;
