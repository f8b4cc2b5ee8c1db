import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { ORDER_STATUS_LABELS } from "#common/order-lifecycle";
import { orderNumber, type OrderStatus } from "#common/orders";
import type { StaffOrder } from "#common/staff-orders";
import { errorMessage } from "#web/lib/query-client";
import { ApiRequestError } from "#web/lib/api-client";
import { useStaffOrders } from "./api/list-staff-orders";
import { boardTitle } from "./board-orders";
import { BoardOrderCard } from "./components/board-order-card";
import { CancelOrderDialog } from "./components/cancel-order-dialog";
import { OrderHistoryDialog } from "./components/order-history-dialog";
import { createNewOrderChime } from "./new-order-chime";
import { useBoardLive } from "./use-board-live";
import { useFocusFollowsCard } from "./use-focus-follows-card";
import { useOrderMoves } from "./use-order-moves";
import "./staff-board.css";

/** The board's columns, left to right, each with the orders in that state. */
const COLUMNS: Array<{ status: OrderStatus; title: string }> = [
  { status: "received", title: "New" },
  { status: "preparing", title: "Preparing" },
  { status: "ready", title: "Ready" },
];

/** How long a newly arrived card flashes. */
const FRESH_MS = 8_000;

/**
 * The order board at /staff, made for a tablet on the counter: new orders arrive by themselves
 * (the location's live channel), each card moves New → Preparing → Ready → done with one tap,
 * and a new order chimes, flashes and counts in the tab's title. Only the shop's staff get
 * orders here (the API answers 401/403 to anyone else); its code is its own chunk.
 */
export default function StaffBoardPage() {
  const orders = useStaffOrders();
  const denied =
    orders.error instanceof ApiRequestError && (orders.error.status === 401 || orders.error.status === 403);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const chime = useMemo(() => createNewOrderChime(), []);
  const [soundOn, setSoundOn] = useState(false);
  const now = useNow(30_000);

  const onNewOrder = useCallback(
    (order: StaffOrder) => {
      chime.play();
      setFresh((current) => new Set(current).add(order.id));
      setTimeout(
        () =>
          setFresh((current) => {
            const next = new Set(current);
            next.delete(order.id);
            return next;
          }),
        FRESH_MS,
      );
    },
    [chime],
  );
  const connection = useBoardLive(!denied, onNewOrder);

  // Browsers allow sound only after a gesture on the page: the first tap or key press arms it.
  // It listens for the finished tap (click), not its start: arming hides the hint, which moves
  // the board, and a tap whose press and release land on different buttons is lost.
  useEffect(() => {
    const arm = () => {
      chime.arm();
      setSoundOn(true);
    };
    window.addEventListener("click", arm, { once: true });
    window.addEventListener("keydown", arm, { once: true });
    return () => {
      window.removeEventListener("click", arm);
      window.removeEventListener("keydown", arm);
    };
  }, [chime]);

  const newCount = orders.data?.orders.filter((order) => order.status === "received").length ?? 0;
  useEffect(() => {
    document.title = boardTitle(newCount);
  }, [newCount]);

  const moves = useOrderMoves();
  const [cancelling, setCancelling] = useState<StaffOrder | null>(null);
  const [historyOf, setHistoryOf] = useState<StaffOrder | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const columnsRef = useRef<HTMLDivElement>(null);
  const focus = useFocusFollowsCard(columnsRef, orders.data?.orders, cancelling !== null);

  function advance(order: StaffOrder, to: OrderStatus) {
    setFailure(null);
    focus.follow(order);
    moves.move(order, to).catch((error: unknown) => {
      focus.forget(order);
      setFailure(
        `Order ${orderNumber(order.id)} could not be moved to ${ORDER_STATUS_LABELS[to]}: ${errorMessage(error)}`,
      );
    });
  }

  function cancel(order: StaffOrder, reason: string) {
    setFailure(null);
    moves.move(order, "cancelled", reason).then(
      (outcome) => {
        if (outcome === "done") setCancelling(null);
      },
      // The dialog stays open with the error: the focus is still to follow the card if a retry works.
      (error: unknown) => setFailure(errorMessage(error)),
    );
  }

  return (
    <div className="board">
      <header className="board__bar">
        <h1 className="board__title">Order board</h1>
        {orders.data && <p className="board__location">{orders.data.location.name}</p>}
        <ConnectionIndicator status={denied ? "offline" : connection} />
        {!soundOn && !denied && <p className="board__sound-hint">Tap anywhere to turn on the new-order sound</p>}
        <nav className="board__nav" aria-label="Staff pages">
          <Link className="board__shop-link" to="/staff/menu">
            Menu: pause, sold out
          </Link>
          <Link className="board__shop-link" to="/">
            Back to the shop
          </Link>
        </nav>
      </header>
      <main className="board__main" id="main">
        {failure && !cancelling && (
          <p className="board__failure" role="alert">
            {failure}
          </p>
        )}
        {orders.isPending ? (
          <p className="board__message" role="status">
            Loading orders…
          </p>
        ) : denied ? (
          <div className="board__message" role="alert">
            <p>
              {(orders.error as ApiRequestError).status === 401
                ? "Sign in with your staff e-mail to see the order board."
                : "The order board is for the shop's staff. Your account is not on the staff list."}
            </p>
            <Link className="btn btn--primary" to="/">
              Go to the shop
            </Link>
          </div>
        ) : orders.isError ? (
          <div className="board__message" role="alert">
            <p>Error: {errorMessage(orders.error)}</p>
            <button type="button" className="btn" onClick={() => void orders.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <div className="board__columns" ref={columnsRef}>
            {COLUMNS.map((column) => {
              const inColumn = orders.data.orders.filter((order) => order.status === column.status);
              const headingId = `board-column-${column.status}`;
              return (
                <section
                  key={column.status}
                  className={`board__column board__column--${column.status}`}
                  aria-labelledby={headingId}
                >
                  {/* Focusable by script: focus goes here when the last card of the column leaves it. */}
                  <h2 id={headingId} className="board__column-title" tabIndex={-1}>
                    {column.title} <span className="board__count">{inColumn.length}</span>
                  </h2>
                  {inColumn.length === 0 ? (
                    <p className="board__empty">No orders</p>
                  ) : (
                    <ol className="board__cards" role="list">
                      {inColumn.map((order) => (
                        <li key={order.id}>
                          <BoardOrderCard
                            order={order}
                            now={now}
                            timeZone={orders.data.location.timeZone}
                            fresh={fresh.has(order.id)}
                            busy={moves.isMoving(order)}
                            onAdvance={advance}
                            onCancel={(target) => {
                              setFailure(null);
                              focus.follow(target);
                              setCancelling(target);
                            }}
                            onShowHistory={setHistoryOf}
                          />
                        </li>
                      ))}
                    </ol>
                  )}
                </section>
              );
            })}
          </div>
        )}
      </main>
      <CancelOrderDialog
        order={cancelling}
        busy={cancelling !== null && moves.isMoving(cancelling)}
        error={cancelling ? failure : null}
        onClose={() => {
          if (cancelling) focus.forget(cancelling);
          setCancelling(null);
          setFailure(null);
        }}
        onConfirm={cancel}
      />
      <OrderHistoryDialog
        order={historyOf}
        timeZone={orders.data?.location.timeZone ?? "UTC"}
        onClose={() => setHistoryOf(null)}
      />
    </div>
  );
}

function ConnectionIndicator({ status }: { status: "connecting" | "online" | "offline" }) {
  const label = status === "online" ? "Live" : status === "connecting" ? "Connecting…" : "Offline: reconnecting…";
  return (
    <p className={`board__connection board__connection--${status}`} role="status">
      <span className="board__connection-dot" aria-hidden="true" />
      {label}
    </p>
  );
}

/** The current time, refreshed every `everyMs`, for the "placed … ago" labels. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  useEffect(() => {
    timer.current = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer.current);
  }, [everyMs]);
  return now;
}
