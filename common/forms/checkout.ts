import { z } from "zod";
import { ORDER_LIMITS } from "../order-limits";
import { phoneSchema } from "./profile";

// Re-exported: the worker and the checkout import the limits from here, beside the schemas.
export { ORDER_LIMITS };

export const ORDER_LINE_SIZES = ["small", "medium", "large", "default"] as const;
export type OrderLineSize = (typeof ORDER_LINE_SIZES)[number];

/** The checkout form: one required phone, the same rule as the profile's. */
export const checkoutFormSchema = z.object({ phone: phoneSchema });
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

/** One cart line as the browser sends it: which drink, which size, how many and a note. Never a price. */
export const orderLineSchema = z.object({
  productId: z.string().trim().min(1, "Choose a drink").max(100, "Unknown drink"),
  size: z.enum(ORDER_LINE_SIZES, "Choose a size"),
  quantity: z
    .number("Quantity must be a number")
    .int("Quantity must be a whole number")
    .min(ORDER_LIMITS.minQuantity, `Quantity must be at least ${ORDER_LIMITS.minQuantity}`)
    .max(ORDER_LIMITS.maxQuantity, `Quantity can be at most ${ORDER_LIMITS.maxQuantity}`),
  note: z
    .string()
    .trim()
    .max(ORDER_LIMITS.maxNoteLength, `A note can be at most ${ORDER_LIMITS.maxNoteLength} characters`)
    .default(""),
});
export type OrderLineRequest = z.input<typeof orderLineSchema>;

/**
 * `POST /api/orders`. `displayedTotalCents` is only what the shopper saw: the server prices
 * every line itself and says so when the two differ.
 */
export const orderRequestSchema = z.object({
  lines: z
    .array(orderLineSchema)
    .min(1, "Your cart is empty")
    .max(ORDER_LIMITS.maxLines, `An order can have at most ${ORDER_LIMITS.maxLines} lines`),
  phone: phoneSchema,
  displayedTotalCents: z.number().int().nonnegative().optional(),
});
export type OrderRequest = z.input<typeof orderRequestSchema>;

/** The `Idempotency-Key` header: one per checkout attempt (a UUID from the browser). */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, "Idempotency-Key must be 8 to 100 characters")
  .max(100, "Idempotency-Key must be 8 to 100 characters")
  .regex(/^[A-Za-z0-9_\-:.]+$/, "Idempotency-Key may contain only letters, digits, -, _, : and .");

export const ORDER_STATUSES = ["pending_payment", "placed", "paid", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What a shopper sees for each status. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "Awaiting payment",
  placed: "Placed (pay on pickup)",
  paid: "Paid",
  cancelled: "Cancelled",
};

/** One line of a placed order: a snapshot of the drink and its price at order time. */
export interface OrderLine {
  productId: string | null;
  name: string;
  image: string;
  size: OrderLineSize;
  unitPriceCents: number;
  quantity: number;
  note: string;
  subtotalCents: number;
}

export interface Order {
  id: string;
  status: OrderStatus;
  paymentMode: "pay_on_pickup" | "stripe";
  totalCents: number;
  createdAt: string;
  itemCount: number;
  lines: OrderLine[];
}

/** The answer to `POST /api/orders` (201 new, 200 for a retried submission). */
export interface CreateOrderResponse {
  order: Order;
  /** Stripe Checkout's page, when card payment is configured. */
  paymentUrl?: string;
  /** True when the total the shopper saw is not what the server charged; show `order.totalCents`. */
  totalChanged: boolean;
}

export interface OrderListResponse {
  orders: Order[];
}
