import { deviceTimeZone } from "#common/hours/shop-clock";
import { formatCents } from "#common/money";
import { discountsText } from "#common/order-discounts";
import { whenAndWhere } from "#common/order-timing";
import { ReadyNotifications } from "#web/shared-features/ready-notifications/ready-notifications";
import { CheckoutFrame } from "./checkout-frame";
import type { PlacedOrder } from "./use-order-success";

/** Where the page stands once the order is placed, under the success modal, until it returns to the menu. */
export function OrderPlaced({ placed }: { placed: PlacedOrder }) {
  const { order } = placed;
  const discounts = order ? discountsText(order.discounts) : null;
  const whenWhere = order ? whenAndWhere(order, { deviceTimeZone: deviceTimeZone() }) : null;
  return (
    <CheckoutFrame>
      <section className="checkout-card checkout-placed" aria-live="polite">
        <h2>Order placed</h2>
        {order ? (
          <p>
            {order.itemCount} {order.itemCount === 1 ? "drink" : "drinks"}, total{" "}
            <strong data-testid="placed-total">{formatCents(order.totalCents)}</strong>
            {discounts && <> ({discounts})</>}
            {order.tipCents > 0 && <> (tip {formatCents(order.tipCents)})</>}.{whenWhere && <> {whenWhere}</>}
          </p>
        ) : (
          <p>Thank you, your payment went through.</p>
        )}
        <ReadyNotifications />
      </section>
    </CheckoutFrame>
  );
}
