import type { RefObject } from "react";
import type { BoardAgeThresholds } from "#common/order-board";
import type { DrinkLimits } from "#common/order-size";
import type { DoneOrder, StaffOrder } from "#common/staff-orders";
import type { BoardActions } from "#web/features/staff-board/use-board-actions";
import type { BoardLanes } from "#web/features/staff-board/use-board-lanes";
import { EMPTY_LANE_WIDTH } from "#web/features/staff-board/use-lane-layout";
import { BoardLane } from "./board-lane";
import { BoardTicket } from "./board-ticket";
import { UnpaidToday } from "./unpaid-today";

export interface BoardColumnsProps {
  lanesRef: RefObject<HTMLDivElement | null>;
  lanes: BoardLanes;
  actions: BoardActions;
  now: number;
  thresholds: BoardAgeThresholds;
  drinkLimits: DrinkLimits;
  timeZone: string;
  alerting: ReadonlySet<string>;
  unpaid: DoneOrder[];
  doneCount: number;
  /** The last failure, for the unpaid list's own line. */
  failure: string | null;
}

/** The lanes side by side (one under the other on a phone), each ticket with its buttons. */
export function BoardColumns({
  lanesRef,
  lanes,
  actions,
  now,
  thresholds,
  drinkLimits,
  timeZone,
  alerting,
  unpaid,
  doneCount,
  failure,
}: BoardColumnsProps) {
  const renderTicket = (order: StaffOrder) => (
    <BoardTicket
      order={order}
      now={now}
      thresholds={thresholds}
      drinkLimits={drinkLimits}
      alerting={alerting.has(order.id)}
      busy={actions.isMoving(order)}
      collecting={actions.collecting === order.id}
      onAdvance={actions.advance}
      onCollected={actions.askCollected}
      onShowDetails={actions.showDetails}
    />
  );
  return (
    <div
      className="board__columns"
      ref={lanesRef}
      style={{
        gridTemplateColumns: lanes.shown
          .map(({ columns }) => (columns === 0 ? `${EMPTY_LANE_WIDTH}px` : `${columns}fr`))
          .join(" "),
      }}
    >
      {lanes.shown.map((lane) => (
        <BoardLane
          key={lane.lane}
          status={lane.status}
          lane={lane.lane}
          title={lane.title}
          orders={lane.orders}
          columns={lane.columns}
          onFold={lane.lane === "later" && !lanes.phone ? lanes.toggleLater : undefined}
          alerting={alerting}
          foldedLane={
            lane.lane === "received" &&
            lanes.laterFolded && (
              <button type="button" className="board__fold" aria-expanded={false} onClick={lanes.toggleLater}>
                Later <span className="board__count">{lanes.laterCount}</span>
                <span className="visually-hidden">: orders for a time ahead, show them</span>
              </button>
            )
          }
          extra={
            lane.status === "ready" && (
              <>
                <UnpaidToday
                  orders={unpaid}
                  timeZone={timeZone}
                  collecting={actions.collecting}
                  error={failure}
                  onCollected={actions.collected}
                />
                <button
                  type="button"
                  className="btn btn--ghost board__done-button"
                  aria-haspopup="dialog"
                  onClick={actions.openDone}
                >
                  Done <span className="board__count">{doneCount}</span>
                </button>
              </>
            )
          }
          renderTicket={renderTicket}
        />
      ))}
    </div>
  );
}
