import { useParams } from "react-router";
import { Link } from "#web/components/link";
import { NeedsConnection } from "#web/components/needs-connection/needs-connection";
import { ReadyNotifications } from "#web/shared-features/ready-notifications/ready-notifications";
import { isOpenStatus } from "#common/order-lifecycle";
import { orderNumber } from "#common/orders";
import { errorMessage } from "#web/lib/query-client";
import { usePageMeta } from "#web/lib/use-page-meta";
import { ApiRequestError } from "#web/lib/api-client";
import { useSessionStore } from "#web/lib/session-store";
import { useHydrated } from "#web/lib/use-hydrated";
import { useOrder } from "#web/shared-features/placed-order/api/get-order";
import { useAuthGate } from "#web/lib/sign-in-gate/use-auth-gate";
import { OrderCard } from "./orders-page";
import { useLiveOrderProgress } from "./use-live-order-progress";
import { useReadyAlert } from "./use-ready-alert";
import "./orders.css";

const NO_ORDERS: [] = [];

/** One order of the signed-in shopper, with its progress line moving by itself while open. */
export default function OrderPage() {
  const { id = "" } = useParams();
  usePageMeta(`Order ${orderNumber(id)}`, "Where your Squeeze order stands: received, preparing, ready or completed.");
  const isSignedIn = useSessionStore((state) => state.user.isAuthenticated);
  // Who is signed in is the browser's to know: the server's HTML shows the order loading.
  const hydrated = useHydrated();
  const requireSignIn = useAuthGate();
  const order = useOrder(isSignedIn ? id : undefined);
  useLiveOrderProgress(isSignedIn);
  useReadyAlert(order.data ? [order.data] : NO_ORDERS);

  return (
    <div className="orders-page">
      <div className="container orders-page__inner">
        <p className="orders-page__back">
          <Link to="/orders">← My orders</Link>
        </p>
        <NeedsConnection>This page needs a connection to show where your order stands.</NeedsConnection>
        {!hydrated ? (
          <OrderLoading id={id} />
        ) : !isSignedIn ? (
          <div className="orders-empty">
            <h1 className="orders-page__title">Order {orderNumber(id)}</h1>
            <p>Sign in to see your order.</p>
            <button type="button" className="btn btn--primary" onClick={() => requireSignIn(() => {})}>
              Sign in
            </button>
          </div>
        ) : order.isPending ? (
          <OrderLoading id={id} />
        ) : order.isError ? (
          <div className="orders-error" role="alert">
            <h1 className="orders-page__title">Order {orderNumber(id)}</h1>
            <p>
              {order.error instanceof ApiRequestError && order.error.status === 404
                ? "This order was not found among your orders."
                : `Error: ${errorMessage(order.error)}`}
            </p>
          </div>
        ) : (
          <>
            <OrderCard order={order.data} headingLevel={1} linked={false} />
            {isOpenStatus(order.data.status) && (
              // Not offered once the order is ready: there is nothing left to be told.
              <ReadyNotifications allowTurningOff offer={order.data.status !== "ready"} />
            )}
          </>
        )}
      </div>
    </div>
  );
}

function OrderLoading({ id }: { id: string }) {
  return (
    <>
      <h1 className="orders-page__title">Order {orderNumber(id)}</h1>
      <div
        className="card order-card skeleton"
        style={{ height: 220 }}
        aria-busy="true"
        aria-label="Loading your order"
      />
    </>
  );
}
