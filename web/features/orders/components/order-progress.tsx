import { cancelledMoneyText } from "#common/cash-drawer";
import { PROGRESS_STEPS, progressStepLabel } from "#common/order-lifecycle";
import type { Order } from "#common/orders";

/**
 * Where the order stands, as a line of steps: Received, Preparing, Ready, Completed (a delivery:
 * Received, Preparing, On its way, Delivered), or Cancelled with the shop's reason and where the
 * money is. It is a live region, so a change that arrives while the
 * page is open is read out.
 */
export function OrderProgress({
  order,
}: {
  order: Pick<Order, "id" | "status" | "paymentState" | "cancelReason" | "fulfilment" | "totalCents">;
}) {
  const label = `Progress of this order: ${progressStepLabel(order.status, order.fulfilment)}`;
  if (order.status === "cancelled") {
    return (
      <div className="order-progress order-progress--cancelled" role="status" aria-label={label}>
        <p className="order-progress__cancelled">
          <strong>Cancelled</strong>
          {order.cancelReason && <span> · {order.cancelReason}</span>}
        </p>
        {/* Where the money is: back on the card (on its way or done), at the counter, or never charged. */}
        <p className="order-progress__refund">{cancelledMoneyText(order)}</p>
      </div>
    );
  }
  if (order.paymentState === "pending") {
    return (
      <div className="order-progress" role="status" aria-label="Progress of this order: awaiting payment">
        <p className="order-progress__waiting">Awaiting payment</p>
      </div>
    );
  }
  const reached = PROGRESS_STEPS.indexOf(order.status as (typeof PROGRESS_STEPS)[number]);
  return (
    <div className="order-progress" role="status" aria-label={label}>
      <ol className="order-progress__steps">
        {PROGRESS_STEPS.map((step, index) => (
          <li
            key={step}
            className={`order-progress__step${index <= reached ? " order-progress__step--done" : ""}`}
            aria-current={index === reached ? "step" : undefined}
          >
            <span className="order-progress__dot" aria-hidden="true" />
            <span className="order-progress__label">{progressStepLabel(step, order.fulfilment)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
