import type { DoneOrder, StaffOrder } from "#common/staff-orders";
import type { BoardActions } from "#web/features/staff-board/use-board-actions";
import type { BoardDialogs as Dialogs } from "#web/features/staff-board/use-board-dialogs";
import type { BoardMessages } from "#web/features/staff-board/use-board-messages";
import type { FocusFollowsCard } from "#web/features/staff-board/use-focus-follows-card";
import { CancelOrderDialog } from "./cancel-order-dialog";
import { CollectDialog } from "./collect-dialog";
import { DoneListDialog } from "./done-list-dialog";
import { OrderDetailsDialog } from "./order-details-dialog";

export interface BoardDialogsProps {
  dialogs: Dialogs;
  messages: BoardMessages;
  actions: BoardActions;
  focus: FocusFollowsCard;
  /** The order whose details are open, as it now is. */
  detailed: StaffOrder | null;
  done: DoneOrder[];
  now: number;
  timeZone: string;
}

/** The board's dialogs: an order's details, Cancel, "Collected $X?" (on Done and on Collect), and the Done list. */
export function BoardDialogs({ dialogs, messages, actions, focus, detailed, done, now, timeZone }: BoardDialogsProps) {
  const { cancelling, collectingFor, confirmingCollect } = dialogs;
  const { failure } = messages;
  return (
    <>
      <OrderDetailsDialog
        order={cancelling ? null : detailed}
        timeZone={timeZone}
        collecting={actions.collecting !== null}
        onCollected={actions.collected}
        error={detailed ? failure : null}
        retrying={actions.retrying === detailed?.id}
        onRetryRefund={actions.retryRefundOf}
        onCancel={actions.startCancelling}
        onClose={() => dialogs.setDetailsOf(null)}
      />
      <CancelOrderDialog
        order={cancelling}
        busy={cancelling !== null && actions.isMoving(cancelling)}
        error={cancelling ? failure : null}
        onClose={() => {
          if (cancelling) focus.forget(cancelling);
          dialogs.setCancelling(null);
          messages.fail(null);
        }}
        onConfirm={actions.cancel}
      />
      <CollectDialog
        order={collectingFor}
        busy={collectingFor !== null && actions.isMoving(collectingFor)}
        error={collectingFor ? failure : null}
        onAnswer={actions.answerCollect}
        onClose={() => {
          dialogs.setCollectingFor(null);
          messages.fail(null);
        }}
      />
      <CollectDialog
        order={confirmingCollect}
        collectOnly
        busy={confirmingCollect !== null && actions.collecting !== null}
        error={confirmingCollect ? failure : null}
        onAnswer={(order) => actions.collected(order, () => dialogs.setConfirmingCollect(null))}
        onClose={() => {
          dialogs.setConfirmingCollect(null);
          messages.fail(null);
        }}
      />
      <DoneListDialog
        open={dialogs.doneOpen}
        orders={done}
        now={now}
        timeZone={timeZone}
        recalling={actions.recalling}
        error={messages.recallFailure}
        onRecall={actions.recallOrder}
        onClose={() => dialogs.setDoneOpen(false)}
      />
    </>
  );
}
