import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { drinkCount, drinksLabel } from "#common/order-size";
import { orderNumber } from "#common/orders";
import type { StaffOrder } from "#common/staff-orders";
import { Link } from "#web/components/link";
import { errorMessage } from "#web/lib/query-client";
import { useAcknowledgeOrders } from "#web/features/staff-board/api/acknowledge-orders";
import { useChimeState, useNewOrderAlerts } from "./new-order-alerts";
import type { NewOrderChime } from "./new-order-chime";
import "./alert-strip.css";

/**
 * One slim line under the bar, on every staff page: the new orders nobody has acknowledged
 * ("14 new orders · Seen", their list one tap away) and, beside it, whether the sound is off.
 */
export function AlertStrip({
  chime,
  orders,
  onBoard,
}: {
  chime: NewOrderChime;
  orders: readonly StaffOrder[];
  onBoard: boolean;
}) {
  const sound = useChimeState(chime);
  const pending = useNewOrderAlerts((state) => state.pending);
  // Here, not in the banner: the banner goes as soon as Seen is tapped, and comes back if it fails.
  const acknowledge = useAcknowledgeOrders();
  const [failure, setFailure] = useState<string | null>(null);
  const seen = () => {
    setFailure(null);
    acknowledge.mutate(pending, { onError: (error) => setFailure(`Seen was not saved: ${errorMessage(error)}`) });
  };
  if (sound === "on" && pending.length === 0) return null;
  return (
    <div className="staff-alerts">
      {pending.length > 0 && (
        <NewOrderBanner pending={pending} orders={orders} onBoard={onBoard} failure={failure} onSeen={seen} />
      )}
      {sound !== "on" && (
        <div className="staff-alerts__sound" role="status">
          <p className="staff-alerts__text">
            {sound === "blocked"
              ? "The browser is blocking sound: new orders will not be heard."
              : "Sound is off: new orders will not be heard."}
          </p>
          <button type="button" className="btn btn--primary staff-alerts__button" onClick={() => chime.arm()}>
            Turn sound on
          </button>
        </div>
      )}
    </div>
  );
}

/** New orders nobody has acknowledged: one line, their list behind a tap, until someone taps "Seen". */
function NewOrderBanner({
  pending,
  orders,
  onBoard,
  failure,
  onSeen,
}: {
  pending: string[];
  orders: readonly StaffOrder[];
  onBoard: boolean;
  failure: string | null;
  onSeen(): void;
}) {
  const reveal = useNewOrderAlerts((state) => state.reveal);
  const navigate = useNavigate();
  const [listOpen, setListOpen] = useState(false);
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!listOpen) return;
    // The list closes on a tap elsewhere or Escape, as a menu does.
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !strip.current?.contains(event.target as Node))
        setListOpen(false);
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, [listOpen]);

  const byId = new Map(orders.map((order) => [order.id, order]));
  const numbers = pending.map(orderNumber).join(", ");
  return (
    <div className="staff-alerts__new" role="alert" ref={strip}>
      <button
        type="button"
        className="staff-alerts__summary"
        aria-expanded={listOpen}
        aria-controls="staff-alerts-list"
        onClick={() => setListOpen((open) => !open)}
      >
        {/* "14 new orders: #…, #…": the count first, the numbers cut short where the line ends. */}
        <span className="staff-alerts__text">
          {`${pending.length === 1 ? "New order" : `${pending.length} new orders`}: ${numbers}`}
        </span>
        <span aria-hidden="true" className="staff-alerts__caret">
          ▾
        </span>
      </button>
      {failure && <p className="staff-alerts__failure">{failure}</p>}
      <button
        type="button"
        className="btn staff-alerts__button staff-alerts__seen"
        onClick={() => {
          setListOpen(false);
          onSeen();
        }}
      >
        Seen
      </button>
      {listOpen && (
        <ul id="staff-alerts-list" className="staff-alerts__list" role="list" aria-label="New orders, newest first">
          {[...pending].reverse().map((id) => {
            const order = byId.get(id);
            return (
              <li key={id}>
                <button
                  type="button"
                  className="staff-alerts__order"
                  onClick={() => {
                    setListOpen(false);
                    reveal(id);
                    if (!onBoard) void navigate("/staff");
                  }}
                >
                  <strong>{orderNumber(id)}</strong>
                  {order && <span>{order.customerName || "Customer"}</span>}
                  {order && <span>{drinksLabel(drinkCount(order.lines))}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {!onBoard && (
        <Link className="btn staff-alerts__button" to="/staff">
          Show the orders
        </Link>
      )}
    </div>
  );
}
