import { useMemo, type ReactNode } from "react";
import { NeedsConnection } from "#web/components/needs-connection/needs-connection";
import { Link } from "#web/components/link";
import { isOpenStatus, paymentStateLabel } from "#common/order-lifecycle";
import { deviceTimeZone, formatOnShopClock } from "#common/hours/shop-clock";
import { orderTiming, readyTiming } from "#common/order-timing";
import { orderNumber, type Order } from "#common/orders";
import { sizeLabel } from "#common/catalog";
import { optionsSummary } from "#common/modifiers";
import { formatCents, formatCentsOff } from "#common/money";
import { discountLabel } from "#common/order-discounts";
import { errorMessage } from "#web/lib/query-client";
import { usePageMeta } from "#web/lib/use-page-meta";
import { useSessionStore } from "#web/lib/session-store";
import { useHydrated } from "#web/lib/use-hydrated";
import { useAuthGate } from "#web/lib/sign-in-gate/use-auth-gate";
import { useShopStatus } from "#web/shared-features/shop-status/shop-status-store";
import { useOrderHistory } from "./api/list-orders";
import { useOrderShop } from "./use-order-shop";
import { OrderAgain } from "./components/order-again";
import { OrderProgress } from "./components/order-progress";
import { ReadyBanner } from "./components/ready-banner";
import { useReadyAlert } from "./use-ready-alert";
import { useLiveOrderProgress } from "./use-live-order-progress";
import "./orders.css";

/** My orders; `stampCard` is the shopper's stamp card, wired in by the app (another feature's). */
export default function OrdersPage({ stampCard }: { stampCard?: ReactNode }) {
  usePageMeta("My orders", "Your Squeeze orders: what you ordered, the total and where each order stands.");
  const isSignedIn = useSessionStore((state) => state.user.isAuthenticated);
  // Who is signed in is the browser's to know: the server's HTML shows the list loading.
  const hydrated = useHydrated();
  // Each order's progress line moves by itself while the page is open.
  useLiveOrderProgress(isSignedIn);

  return (
    <div className="orders-page">
      <div className="container orders-page__inner">
        <h1 className="orders-page__title">My orders</h1>
        <NeedsConnection>My orders needs a connection to show where your orders stand.</NeedsConnection>
        {!hydrated ? (
          <OrdersLoading />
        ) : isSignedIn ? (
          <>
            {stampCard}
            <OrderHistory />
          </>
        ) : (
          <SignInPrompt />
        )}
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

function OrdersLoading() {
  return (
    <div className="orders-list" aria-busy="true" aria-label="Loading your orders">
      {[0, 1].map((index) => (
        <div key={index} className="card order-card skeleton" style={{ height: 140 }} />
      ))}
    </div>
  );
}

function OrderHistory() {
  const history = useOrderHistory();
  const orders = useMemo(() => history.data?.pages.flatMap((page) => page.orders) ?? [], [history.data]);
  useReadyAlert(orders);

  if (history.isPending) return <OrdersLoading />;
  // A failed "Load more" keeps the orders already shown; only a failed first page replaces them.
  if (history.data === undefined) {
    return (
      <div className="orders-error" role="alert">
        <p>Error: {errorMessage(history.error)}</p>
        <button type="button" className="btn btn--small" onClick={() => void history.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const loadMoreFailed = history.isFetchNextPageError;
  if (orders.length === 0) {
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
    <>
      <ol className="orders-list" role="list">
        {orders.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} />
          </li>
        ))}
      </ol>
      {loadMoreFailed && (
        <p className="orders-error" role="alert">
          Error: {errorMessage(history.error)}
        </p>
      )}
      {history.hasNextPage && (
        <div className="orders-more">
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => void history.fetchNextPage()}
            disabled={history.isFetchingNextPage}
            aria-busy={history.isFetchingNextPage}
          >
            {history.isFetchingNextPage ? "Loading…" : "Load more"}
          </button>
        </div>
      )}
    </>
  );
}

export function OrderCard({
  order,
  headingLevel = 2,
  linked = true,
}: {
  order: Order;
  headingLevel?: 1 | 2;
  linked?: boolean;
}) {
  const headingId = `order-${order.id}`;
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const title = `Order ${orderNumber(order.id)}`;
  const shopName = useOrderShop(order)?.name ?? null;
  return (
    <article className="card order-card" aria-labelledby={headingId}>
      <header className="order-card__header">
        <Heading id={headingId} className="order-card__title">
          {linked ? <Link to={`/orders/${encodeURIComponent(order.id)}`}>{title}</Link> : title}
        </Heading>
        <span className={`order-status order-status--${order.paymentState}`}>{paymentStateLabel(order)}</span>
        <PlacedAt order={order} shopName={shopName} />
        {shopName && (
          <p className="order-card__shop" data-testid="order-shop">
            {shopName}
          </p>
        )}
      </header>
      <ReadyBanner order={order} />
      <OrderProgress order={order} />
      <ul className="order-lines" role="list">
        {order.lines.map((line, index) => (
          <li key={index} className="order-line">
            <span className="order-line__what">
              <span className="order-line__name">{line.name}</span>
              <span className="muted">
                {" "}
                · {sizeLabel(line.size)} · {line.quantity} × {formatCents(line.unitPriceCents)}
              </span>
              {optionsSummary(line.options) && (
                <span className="order-line__options">{optionsSummary(line.options)}</span>
              )}
              {line.note && <span className="order-line__note">“{line.note}”</span>}
            </span>
            <span className="order-line__subtotal">{formatCents(line.subtotalCents)}</span>
          </li>
        ))}
      </ul>
      {order.fulfilment === "delivery" ? (
        <>
          <p className="order-card__fulfilment" data-testid="order-fulfilment">
            Delivery to {order.fulfilmentAddress}
          </p>
          <p className="order-card__fee">
            <span>Delivery</span>
            <span>{formatCents(order.deliveryFeeCents)}</span>
          </p>
        </>
      ) : (
        order.fulfilmentAddress && (
          <p className="order-card__fulfilment" data-testid="order-fulfilment">
            Pickup at {order.fulfilmentAddress}
          </p>
        )
      )}
      {order.discounts.map((discount) => (
        <p key={discount.name} className="order-card__fee order-card__discount" data-testid="order-discount">
          <span>{discountLabel(discount)}</span>
          <span>{formatCentsOff(discount.amountCents)}</span>
        </p>
      ))}
      {order.tipCents > 0 && (
        <p className="order-card__fee" data-testid="order-tip">
          <span>Tip</span>
          <span>{formatCents(order.tipCents)}</span>
        </p>
      )}
      <OrderTime order={order} shopName={shopName} />
      <p className="order-card__total">
        <span>
          Total ({order.itemCount} {order.itemCount === 1 ? "drink" : "drinks"})
        </span>
        <span>{formatCents(order.totalCents)}</span>
      </p>
      {order.stampsEarned > 0 && (
        <p className="order-card__stamps" data-testid="order-stamps">
          This order earned {order.stampsEarned} {order.stampsEarned === 1 ? "stamp" : "stamps"}
        </p>
      )}
      <OrderAgain
        orderId={order.id}
        promoCodes={order.discounts.filter((discount) => discount.kind === "promo").map((discount) => discount.name)}
      />
    </article>
  );
}

/**
 * The shop's time zone for an order: its own (every order with a pickup time has it), else the
 * shop's as the page knows it, else this device's.
 */
function useShopTimeZone(order: Order): string {
  const shopTimeZone = useShopStatus((state) => state.status?.timeZone);
  return order.pickup?.timeZone ?? shopTimeZone ?? deviceTimeZone();
}

/** When the order was placed, on the shop's clock like every other time on the order. */
function PlacedAt({ order, shopName }: { order: Order; shopName: string | null }) {
  const timeZone = useShopTimeZone(order);
  const placed = formatOnShopClock(new Date(order.createdAt), timeZone, {
    style: "dateAndTime",
    deviceTimeZone: deviceTimeZone(),
    shopName,
  });
  return (
    <time className="order-card__date muted" dateTime={order.createdAt} data-testid="order-placed">
      Placed {placed}
    </time>
  );
}

/**
 * When the order is expected, while it is still on its way: a pickup's time at the counter, or a
 * delivery's window (never a "pickup" time for a delivery), in the wording the checkout used; once
 * it is ready, since when. On the shop's clock, naming it when this device's reads otherwise.
 */
function OrderTime({ order, shopName }: { order: Order; shopName: string | null }) {
  const timing =
    order.status === "ready"
      ? readyTiming({ ...order, readySince: order.updatedAt }, deviceTimeZone(), shopName)
      : isOpenStatus(order.status)
        ? orderTiming(order, new Date(), deviceTimeZone(), shopName)
        : null;
  if (!timing) return null;
  return (
    <p className="order-card__time" data-testid="order-time">
      <span className="muted">{timing.label}:</span> {timing.value}
    </p>
  );
}
