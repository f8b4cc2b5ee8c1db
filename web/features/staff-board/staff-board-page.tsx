import { useMemo, useRef, useState } from "react";
import { DEFAULT_BOARD_AGE_THRESHOLDS } from "#common/order-board";
import { amountToGiveBack, giveBackPrompt, type CollectAnswer } from "#common/cash-drawer";
import { isFromEarlierDay } from "#common/earlier-orders";
import { amountToCollect, ORDER_STATUS_LABELS } from "#common/order-lifecycle";
import { formatCents } from "#common/money";
import { DEFAULT_DRINK_LIMITS } from "#common/order-size";
import { orderNumber, type OrderStatus } from "#common/orders";
import type { DoneOrder, StaffOrder } from "#common/staff-orders";
import { useBoardExtensions } from "#web/shared-features/board-extensions/board-extensions";
import { errorMessage } from "#web/lib/query-client";
import { useNow } from "#web/lib/use-now";
import { useGiveBack } from "./api/give-back";
import { useStaffOrders } from "./api/list-staff-orders";
import { useMarkPaidAtCounter } from "./api/mark-paid-at-counter";
import { useRecallOrder } from "./api/recall-order";
import { useRetryRefund } from "./api/retry-refund";
import { useNewOrderAlerts } from "./alerts/new-order-alerts";
import { laneOrders, recentlyDone } from "./board-orders";
import { isHeldForLater, useLaterRelease } from "./later-lane";
import { BoardLane } from "./components/board-lane";
import { BoardTicket } from "./components/board-ticket";
import { CancelOrderDialog } from "./components/cancel-order-dialog";
import { CollectDialog } from "./components/collect-dialog";
import { EarlierOrders } from "./components/earlier-orders";
import { GiveBack } from "./components/give-back";
import { UnpaidToday } from "./components/unpaid-today";
import { DoneListDialog } from "./components/done-list-dialog";
import { OrderDetailsDialog } from "./components/order-details-dialog";
import { RefundsToRetry } from "./components/refunds-to-retry";
import { useFocusFollowsCard } from "./use-focus-follows-card";
import { EMPTY_LANE_WIDTH, useLaneLayout } from "./use-lane-layout";
import { useOrderMoves } from "./use-order-moves";
import { usePhoneLayout } from "./use-phone-layout";
import { useRevealTicket } from "./use-reveal-ticket";
import "./staff-board.css";

/**
 * The board's lanes, left to right, each with the orders in that state; Later holds the received
 * orders whose preparation is not due yet (./later-lane.ts), and is there only when it has some.
 */
const LANES: Array<{ status: OrderStatus; lane: string; title: string }> = [
  { status: "received", lane: "later", title: "Later" },
  { status: "received", lane: "received", title: "New" },
  { status: "preparing", lane: "preparing", title: "Preparing" },
  { status: "ready", lane: "ready", title: "Ready" },
];
/** On a phone the lanes stack, what needs doing now first: New, Preparing, Ready, then Later. */
const PHONE_LANES = [...LANES.slice(1), LANES[0]!];

/** What the board says when a refund still has not gone through. */
export function refundStillOwedText(order: { id: string }): string {
  return `The refund of order ${orderNumber(order.id)} has not gone through: it waits under Refunds to retry. Try again in a few minutes; if it keeps failing, refund it from Stripe's dashboard.`;
}

/**
 * The order board at /staff, made for a tablet on the counter in a rush: every open order as a
 * compact ticket in its lane, the most pressing first, coloured by age; one tap moves an order
 * on; Done keeps the last half hour's orders to recall one finished by mistake. A cancelled card
 * order whose refund did not go through waits above the lanes, one tap from a retry. The staff
 * frame around it (staff-layout.tsx) keeps the bar, the live channel and the alerts.
 */
export default function StaffBoardPage() {
  const orders = useStaffOrders();
  const releasedAt = useLaterRelease(orders.data?.orders);
  const now = Math.max(useNow(15_000), releasedAt);
  const alertingIds = useNewOrderAlerts((state) => state.pending);
  const alerting = useMemo(() => new Set(alertingIds), [alertingIds]);

  const { Strip } = useBoardExtensions();
  const moves = useOrderMoves();
  const recall = useRecallOrder();
  const paid = useMarkPaidAtCounter();
  const retry = useRetryRefund();
  const giveBack = useGiveBack();
  const [collectingFor, setCollectingFor] = useState<StaffOrder | null>(null);
  // Collect on a ticket asks "Collected $X?" first, as Done does.
  const [confirmingCollect, setConfirmingCollect] = useState<StaffOrder | null>(null);
  const [cancelling, setCancelling] = useState<StaffOrder | null>(null);
  const [detailsOf, setDetailsOf] = useState<StaffOrder | null>(null);
  const [doneOpen, setDoneOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [recallFailure, setRecallFailure] = useState<string | null>(null);
  const lanesRef = useRef<HTMLDivElement>(null);
  const focus = useFocusFollowsCard(
    lanesRef,
    orders.data?.orders,
    cancelling !== null || collectingFor !== null || confirmingCollect !== null,
  );
  useRevealTicket(lanesRef, orders.data?.orders);

  const phone = usePhoneLayout();
  const thresholds = orders.data?.location.ageThresholds ?? DEFAULT_BOARD_AGE_THRESHOLDS;
  const drinkLimits = orders.data?.location.drinkLimits ?? DEFAULT_DRINK_LIMITS;
  const timeZone = orders.data?.location.timeZone ?? "UTC";
  // An order left open from an earlier day waits under "From earlier", never in today's lanes.
  const open = (orders.data?.orders ?? []).filter((order) => !isFromEarlierDay(order, timeZone, now));
  const held = open.filter((order) => isHeldForLater(order, now));
  // Later shows only while it holds an order: a board without orders ahead keeps its width for the rest.
  const lanes = (phone ? PHONE_LANES : LANES)
    .filter((lane) => lane.lane !== "later" || held.length > 0)
    .map((lane) => ({
      ...lane,
      orders:
        lane.lane === "later"
          ? held.sort((a, b) => a.prepStartsAt!.localeCompare(b.prepStartsAt!))
          : laneOrders(
              open.filter((order) => !held.includes(order)),
              lane.status,
              thresholds,
              now,
            ),
    }));
  const [laterChoice, setLaterChoice] = useState<"shown" | "folded" | null>(null);
  const layout = useLaneLayout(
    lanesRef,
    lanes.map((lane) => lane.orders.length),
    // On a phone every lane is one under the other: nothing folds.
    { index: phone ? -1 : lanes.findIndex((lane) => lane.lane === "later"), choice: laterChoice },
  );
  // Folded, Later takes no width: its count and a button to show it wait in New's heading.
  const shownLanes = lanes
    .map((lane, index) => ({ ...lane, columns: layout.columns[index] ?? 1 }))
    .filter((lane) => !(lane.lane === "later" && layout.folded));
  const laterCount = lanes.find((lane) => lane.lane === "later")?.orders.length ?? 0;
  const toggleLater = () => setLaterChoice(layout.folded ? "shown" : "folded");
  const done = recentlyDone(orders.data?.done ?? [], now);
  const refundsOwed = (orders.data?.orders ?? []).filter((order) => order.paymentState === "refund_pending");
  const givingBack = (orders.data?.orders ?? []).filter((order) => amountToGiveBack(order) > 0);
  // The details follow the order as it changes (paid, moved by someone else).
  const detailed = detailsOf && ((orders.data?.orders ?? []).find((order) => order.id === detailsOf.id) ?? detailsOf);

  function advance(order: StaffOrder, to: OrderStatus) {
    setFailure(null);
    setNotice(null);
    // Done on a ticket that still has money to collect asks first (./components/collect-dialog.tsx).
    if (to === "completed" && amountToCollect(order) > 0) {
      setCollectingFor(order);
      return;
    }
    focus.follow(order);
    moves.move(order, to).catch((error: unknown) => {
      focus.forget(order);
      setFailure(
        `Order ${orderNumber(order.id)} could not be moved to ${ORDER_STATUS_LABELS[to]}: ${errorMessage(error)}`,
      );
    });
  }

  function answerCollect(order: StaffOrder, answer: CollectAnswer) {
    setFailure(null);
    focus.follow(order, true);
    moves.move(order, "completed", undefined, answer).then(
      (outcome) => {
        if (outcome !== "busy") setCollectingFor(null);
      },
      (error: unknown) => {
        focus.forget(order);
        setFailure(`Order ${orderNumber(order.id)} could not be done: ${errorMessage(error)}`);
      },
    );
  }

  function givenBack(order: StaffOrder) {
    setFailure(null);
    setNotice(null);
    giveBack.mutate(order.id, {
      onError: (error) =>
        setFailure(`Order ${orderNumber(order.id)} was not marked given back: ${errorMessage(error)}`),
    });
  }

  function cancel(order: StaffOrder, reason: string) {
    setFailure(null);
    setNotice(null);
    moves.move(order, "cancelled", reason).then(
      (outcome) => {
        if (outcome === "busy") return;
        setCancelling(null);
        // Cancelled, but Stripe could not refund it (yet): the board keeps it for a retry.
        if (outcome.paymentState === "refund_pending") setFailure(refundStillOwedText(outcome));
        // Paid at the counter: the money goes back there (Give back waits above the lanes).
        else if (amountToGiveBack(outcome) > 0)
          setNotice(
            `${giveBackPrompt(amountToGiveBack(outcome))}: order ${orderNumber(outcome.id)} was paid at the counter.`,
          );
      },
      // The dialog stays open with the error: the focus is still to follow the ticket if a retry works.
      (error: unknown) => setFailure(errorMessage(error)),
    );
  }

  function collected(order: Pick<StaffOrder, "id">, onDone?: () => void) {
    setFailure(null);
    paid.mutate(order.id, {
      onSuccess: onDone,
      onError: (error) => setFailure(`Order ${orderNumber(order.id)} was not marked paid: ${errorMessage(error)}`),
    });
  }

  function askCollected(order: StaffOrder) {
    setFailure(null);
    setNotice(null);
    setConfirmingCollect(order);
  }

  function showDetails(order: StaffOrder) {
    setFailure(null);
    setDetailsOf(order);
  }

  function retryRefundOf(order: StaffOrder) {
    setFailure(null);
    setNotice(null);
    retry.mutate(order, {
      onSuccess: ({ order: now }) => {
        if (now.paymentState === "refund_pending") setFailure(refundStillOwedText(now));
        else if (now.paymentState === "refunded")
          setNotice(`Order ${orderNumber(now.id)} is refunded: ${formatCents(now.totalCents)} back to the card.`);
      },
      onError: (error) =>
        setFailure(`The refund of order ${orderNumber(order.id)} could not be retried: ${errorMessage(error)}`),
    });
  }

  function recallOrder(order: DoneOrder) {
    setRecallFailure(null);
    recall.mutate(order.id, {
      onError: (error) =>
        setRecallFailure(`Order ${orderNumber(order.id)} could not be recalled: ${errorMessage(error)}`),
    });
  }

  if (orders.isPending) {
    return (
      <p className="board__message" role="status">
        Loading orders…
      </p>
    );
  }
  if (orders.isError) {
    return (
      <div className="board__message" role="alert">
        <p>Error: {errorMessage(orders.error)}</p>
        <button type="button" className="btn" onClick={() => void orders.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  return (
    <div className="board">
      <h1 className="visually-hidden">Order board</h1>
      {failure && !cancelling && !detailed && !collectingFor && !confirmingCollect && (
        <p className="board__failure" role="alert">
          {failure}
        </p>
      )}
      {notice && (
        <p className="board__notice" role="status">
          {notice}
        </p>
      )}
      <RefundsToRetry
        orders={refundsOwed}
        retrying={retry.isPending ? (retry.variables?.id ?? null) : null}
        onRetry={retryRefundOf}
        onShowDetails={showDetails}
      />
      <GiveBack
        orders={givingBack}
        giving={giveBack.isPending ? (giveBack.variables ?? null) : null}
        onGiven={givenBack}
      />
      <EarlierOrders count={orders.data.earlier?.count ?? 0} timeZone={timeZone} />
      {Strip && <Strip />}
      <div
        className="board__columns"
        ref={lanesRef}
        style={{
          gridTemplateColumns: shownLanes
            .map(({ columns }) => (columns === 0 ? `${EMPTY_LANE_WIDTH}px` : `${columns}fr`))
            .join(" "),
        }}
      >
        {shownLanes.map((lane) => (
          <BoardLane
            key={lane.lane}
            status={lane.status}
            lane={lane.lane}
            title={lane.title}
            orders={lane.orders}
            columns={lane.columns}
            onFold={lane.lane === "later" && !phone ? toggleLater : undefined}
            alerting={alerting}
            foldedLane={
              lane.lane === "received" &&
              layout.folded && (
                <button type="button" className="board__fold" aria-expanded={false} onClick={toggleLater}>
                  Later <span className="board__count">{laterCount}</span>
                  <span className="visually-hidden">: orders for a time ahead, show them</span>
                </button>
              )
            }
            extra={
              lane.status === "ready" && (
                <>
                  <UnpaidToday
                    orders={orders.data.unpaid ?? []}
                    timeZone={timeZone}
                    collecting={paid.isPending ? (paid.variables ?? null) : null}
                    error={failure}
                    onCollected={collected}
                  />
                  <button
                    type="button"
                    className="btn btn--ghost board__done-button"
                    aria-haspopup="dialog"
                    onClick={() => {
                      setRecallFailure(null);
                      setDoneOpen(true);
                    }}
                  >
                    Done <span className="board__count">{done.length}</span>
                  </button>
                </>
              )
            }
            renderTicket={(order) => (
              <BoardTicket
                order={order}
                now={now}
                thresholds={thresholds}
                drinkLimits={drinkLimits}
                alerting={alerting.has(order.id)}
                busy={moves.isMoving(order)}
                collecting={paid.isPending && paid.variables === order.id}
                onAdvance={advance}
                onCollected={askCollected}
                onShowDetails={showDetails}
              />
            )}
          />
        ))}
      </div>
      <OrderDetailsDialog
        order={cancelling ? null : detailed}
        timeZone={orders.data.location.timeZone}
        collecting={paid.isPending}
        onCollected={collected}
        error={detailed ? failure : null}
        retrying={retry.isPending && retry.variables?.id === detailed?.id}
        onRetryRefund={retryRefundOf}
        onCancel={(target) => {
          setFailure(null);
          setDetailsOf(null);
          focus.follow(target, true);
          setCancelling(target);
        }}
        onClose={() => setDetailsOf(null)}
      />
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
      <CollectDialog
        order={collectingFor}
        busy={collectingFor !== null && moves.isMoving(collectingFor)}
        error={collectingFor ? failure : null}
        onAnswer={answerCollect}
        onClose={() => {
          setCollectingFor(null);
          setFailure(null);
        }}
      />
      <CollectDialog
        order={confirmingCollect}
        collectOnly
        busy={confirmingCollect !== null && paid.isPending}
        error={confirmingCollect ? failure : null}
        onAnswer={(order) => collected(order, () => setConfirmingCollect(null))}
        onClose={() => {
          setConfirmingCollect(null);
          setFailure(null);
        }}
      />
      <DoneListDialog
        open={doneOpen}
        orders={done}
        now={now}
        timeZone={orders.data.location.timeZone}
        recalling={recall.isPending ? (recall.variables ?? null) : null}
        error={recallFailure}
        onRecall={recallOrder}
        onClose={() => setDoneOpen(false)}
      />
    </div>
  );
}
