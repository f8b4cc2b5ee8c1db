import { useMemo, useRef } from "react";
import { useBoardExtensions } from "#web/shared-features/board-extensions/board-extensions";
import { errorMessage } from "#web/lib/query-client";
import { useStaffOrders } from "./api/list-staff-orders";
import { useNewOrderAlerts } from "./alerts/new-order-alerts";
import { boardLists, boardShop } from "./board-lists";
import { BoardColumns } from "./components/board-columns";
import { BoardDialogs } from "./components/board-dialogs";
import { EarlierOrders } from "./components/earlier-orders";
import { GiveBack } from "./components/give-back";
import { RefundsToRetry } from "./components/refunds-to-retry";
import { useBoardActions } from "./use-board-actions";
import { useBoardDialogs } from "./use-board-dialogs";
import { useBoardLanes } from "./use-board-lanes";
import { useBoardMessages } from "./use-board-messages";
import { useBoardNow } from "./use-board-now";
import { useFocusFollowsCard } from "./use-focus-follows-card";
import { useRevealTicket } from "./use-reveal-ticket";
import "./staff-board.css";

/**
 * The order board at /staff, made for a tablet on the counter in a rush: every open order as a
 * compact ticket in its lane, the most pressing first, coloured by age; one tap moves an order
 * on; Done keeps the last half hour's orders to recall one finished by mistake. A cancelled card
 * order whose refund did not go through waits above the lanes, one tap from a retry. The staff
 * frame around it (staff-layout.tsx) keeps the bar, the live channel and the alerts. The page
 * lays the board out; its state lives in the use-board-* hooks.
 */
export default function StaffBoardPage() {
  const orders = useStaffOrders();
  const now = useBoardNow(orders.data?.orders);
  const alertingIds = useNewOrderAlerts((state) => state.pending);
  const alerting = useMemo(() => new Set(alertingIds), [alertingIds]);
  const { Strip } = useBoardExtensions();
  const lanesRef = useRef<HTMLDivElement>(null);
  const dialogs = useBoardDialogs();
  const messages = useBoardMessages();
  const focus = useFocusFollowsCard(lanesRef, orders.data?.orders, dialogs.aboutAMove);
  useRevealTicket(lanesRef, orders.data?.orders);
  const actions = useBoardActions(dialogs, messages, focus);
  const lanes = useBoardLanes(lanesRef, orders.data, now);
  const { thresholds, drinkLimits, timeZone } = boardShop(orders.data);
  const { done, refundsOwed, givingBack } = boardLists(orders.data, now);
  const { detailsOf, cancelling, collectingFor, confirmingCollect } = dialogs;
  const { failure, notice } = messages;
  // The details follow the order as it changes (paid, moved by someone else).
  const detailed = detailsOf && ((orders.data?.orders ?? []).find((order) => order.id === detailsOf.id) ?? detailsOf);

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
        retrying={actions.retrying}
        onRetry={actions.retryRefundOf}
        onShowDetails={actions.showDetails}
      />
      <GiveBack orders={givingBack} giving={actions.giving} onGiven={actions.givenBack} />
      <EarlierOrders count={orders.data.earlier?.count ?? 0} timeZone={timeZone} />
      {Strip && <Strip />}
      <BoardColumns
        lanesRef={lanesRef}
        lanes={lanes}
        actions={actions}
        now={now}
        thresholds={thresholds}
        drinkLimits={drinkLimits}
        timeZone={timeZone}
        alerting={alerting}
        unpaid={orders.data.unpaid ?? []}
        doneCount={done.length}
        failure={failure}
      />
      <BoardDialogs
        dialogs={dialogs}
        messages={messages}
        actions={actions}
        focus={focus}
        detailed={detailed}
        done={done}
        now={now}
        timeZone={timeZone}
      />
    </div>
  );
}
