import { Link } from "react-router";
import { ORDER_STATUS_LABELS, type Order } from "../../../common/forms/checkout";
import { sizeLabel } from "../../../common/catalog";
import { formatCents } from "../../../common/money";
import { errorMessage } from "../../app/query-client";
import { usePageMeta } from "../../app/use-page-meta";
import { useSessionStore } from "../auth/session-store";
import { useAuthGate } from "../auth/use-auth-gate";
import { useOrders } from "./api/list-orders";
import "./orders.css";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });


/** A short order number a shopper can read out on the phone ("#1A2B3C4D"), as in the e-mails. */
export function orderNumber(orderId: string): string {
  return `#${orderId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

export default function OrdersPage() {
  usePageMeta("My orders", "Your Squeeze orders: what you ordered, the total and where each order stands.");
  const isSignedIn = useSessionStore((state) => state.user.isAuthenticated);

  return (
    <div className="orders-page">
      <div className="container orders-page__inner">
        <h1 className="orders-page__title">My orders</h1>
        {isSignedIn ? <OrderHistory /> : <SignInPrompt />}
      </div>
    </div>
  );
}

function SignInPrompt() {
  const requireSignIn = useAuthGate();
  return (
    <div className="orders-empty">
      <p>Sign in to see your orders.</p>
      <button type="button" className="btn btn--primary" onClick={() => requireSignIn(() => {})}>
        Sign in
      </button>
    </div>
  );
}

function OrderHistory() {
  const orders = useOrders();

  if (orders.isPending) {
    return (
      <div className="orders-list" aria-busy="true" aria-label="Loading your orders">
        {[0, 1].map((index) => (
          <div key={index} className="order-card skeleton" style={{ height: 140 }} />
        ))}
      </div>
    );
  }
  if (orders.isError) {
    return (
      <div className="orders-error" role="alert">
        <p>Error: {errorMessage(orders.error)}</p>
        <button type="button" className="btn btn--small" onClick={() => void orders.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (orders.data.length === 0) {
    return (
      <div className="orders-empty">
        <p>You have no orders yet.</p>
        <Link className="btn btn--primary" to="/menu">
          Browse the menu
        </Link>
      </div>
    );
  }
  return (
    <ol className="orders-list" role="list">
      {orders.data.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} />
        </li>
      ))}
    </ol>
  );
}

function OrderCard({ order }: { order: Order }) {
  const headingId = `order-${order.id}`;
  return (
    <article className="order-card" aria-labelledby={headingId}>
      <header className="order-card__header">
        <h2 id={headingId} className="order-card__title">
          Order {orderNumber(order.id)}
        </h2>
        <span className={`order-status order-status--${order.status}`}>{ORDER_STATUS_LABELS[order.status]}</span>
        <time className="order-card__date muted" dateTime={order.createdAt}>
          {dateFormat.format(new Date(order.createdAt))}
        </time>
      </header>
      <ul className="order-lines" role="list">
        {order.lines.map((line, index) => (
          <li key={index} className="order-line">
            <span className="order-line__what">
              <span className="order-line__name">{line.name}</span>
              <span className="muted">
                {" "}
                · {sizeLabel(line.size)} · {line.quantity} × {formatCents(line.unitPriceCents)}
              </span>
              {line.note && <span className="order-line__note">“{line.note}”</span>}
            </span>
            <span className="order-line__subtotal">{formatCents(line.subtotalCents)}</span>
          </li>
        ))}
      </ul>
      <p className="order-card__total">
        <span>
          Total ({order.itemCount} {order.itemCount === 1 ? "drink" : "drinks"})
        </span>
        <span>{formatCents(order.totalCents)}</span>
      </p>
    </article>
  );
}
