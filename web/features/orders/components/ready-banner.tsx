import type { Order } from "#common/orders";

/** The moment the shopper waits for, said large on the order: where to collect it, or that it left. */
export function ReadyBanner({ order }: { order: Pick<Order, "status" | "fulfilment" | "fulfilmentAddress"> }) {
  if (order.status !== "ready") return null;
  const text =
    order.fulfilment === "delivery"
      ? `On its way to ${order.fulfilmentAddress}`
      : `Ready for pickup at ${order.fulfilmentAddress || "the shop"}`;
  return (
    <p className="order-ready" data-testid="order-ready">
      {text}
    </p>
  );
}
