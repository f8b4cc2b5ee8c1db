import { amountToGiveBack, giveBackPrompt, type CollectAnswer } from "#common/cash-drawer";
import { formatCents } from "#common/money";
import { amountToCollect, ORDER_STATUS_LABELS } from "#common/order-lifecycle";
import { orderNumber, type OrderStatus } from "#common/orders";
import type { DoneOrder, StaffOrder } from "#common/staff-orders";
import { errorMessage } from "#web/lib/query-client";
import { useGiveBack } from "./api/give-back";
import { useMarkPaidAtCounter } from "./api/mark-paid-at-counter";
import { useRecallOrder } from "./api/recall-order";
import { useRetryRefund } from "./api/retry-refund";
import type { BoardDialogs } from "./use-board-dialogs";
import type { BoardMessages } from "./use-board-messages";
import type { FocusFollowsCard } from "./use-focus-follows-card";
import { useOrderMoves } from "./use-order-moves";

/** What the board says when a refund still has not gone through. */
export function refundStillOwedText(order: { id: string }): string {
  return `The refund of order ${orderNumber(order.id)} has not gone through: it waits under Refunds to retry. Try again in a few minutes; if it keeps failing, refund it from Stripe's dashboard.`;
}

/**
 * What a tap on the board does: each action asks the API, opens or closes its dialog, and says
 * what happened (./use-board-messages.ts). The requests on the way come with it, for the buttons
 * that wait on them.
 */
export function useBoardActions(dialogs: BoardDialogs, messages: BoardMessages, focus: FocusFollowsCard) {
  const moves = useOrderMoves();
  const recall = useRecallOrder();
  const paid = useMarkPaidAtCounter();
  const retry = useRetryRefund();
  const giveBack = useGiveBack();
  const { fail, tell } = messages;

  function advance(order: StaffOrder, to: OrderStatus) {
    messages.clear();
    // Done on a ticket that still has money to collect asks first (./components/collect-dialog.tsx).
    if (to === "completed" && amountToCollect(order) > 0) {
      dialogs.setCollectingFor(order);
      return;
    }
    focus.follow(order);
    moves.move(order, to).catch((error: unknown) => {
      focus.forget(order);
      fail(`Order ${orderNumber(order.id)} could not be moved to ${ORDER_STATUS_LABELS[to]}: ${errorMessage(error)}`);
    });
  }

  function answerCollect(order: StaffOrder, answer: CollectAnswer) {
    fail(null);
    focus.follow(order, true);
    moves.move(order, "completed", undefined, answer).then(
      (outcome) => {
        if (outcome !== "busy") dialogs.setCollectingFor(null);
      },
      (error: unknown) => {
        focus.forget(order);
        fail(`Order ${orderNumber(order.id)} could not be done: ${errorMessage(error)}`);
      },
    );
  }

  function givenBack(order: StaffOrder) {
    messages.clear();
    giveBack.mutate(order.id, {
      onError: (error) => fail(`Order ${orderNumber(order.id)} was not marked given back: ${errorMessage(error)}`),
    });
  }

  function cancel(order: StaffOrder, reason: string) {
    messages.clear();
    moves.move(order, "cancelled", reason).then(
      (outcome) => {
        if (outcome === "busy") return;
        dialogs.setCancelling(null);
        // Cancelled, but Stripe could not refund it (yet): the board keeps it for a retry.
        if (outcome.paymentState === "refund_pending") fail(refundStillOwedText(outcome));
        // Paid at the counter: the money goes back there (Give back waits above the lanes).
        else if (amountToGiveBack(outcome) > 0)
          tell(
            `${giveBackPrompt(amountToGiveBack(outcome))}: order ${orderNumber(outcome.id)} was paid at the counter.`,
          );
      },
      // The dialog stays open with the error: the focus is still to follow the ticket if a retry works.
      (error: unknown) => fail(errorMessage(error)),
    );
  }

  function collected(order: Pick<StaffOrder, "id">, onDone?: () => void) {
    fail(null);
    paid.mutate(order.id, {
      onSuccess: onDone,
      onError: (error) => fail(`Order ${orderNumber(order.id)} was not marked paid: ${errorMessage(error)}`),
    });
  }

  function askCollected(order: StaffOrder) {
    messages.clear();
    dialogs.setConfirmingCollect(order);
  }

  function showDetails(order: StaffOrder) {
    fail(null);
    dialogs.setDetailsOf(order);
  }

  function startCancelling(order: StaffOrder) {
    fail(null);
    dialogs.setDetailsOf(null);
    focus.follow(order, true);
    dialogs.setCancelling(order);
  }

  function retryRefundOf(order: StaffOrder) {
    messages.clear();
    retry.mutate(order, {
      onSuccess: ({ order: now }) => {
        if (now.paymentState === "refund_pending") fail(refundStillOwedText(now));
        else if (now.paymentState === "refunded")
          tell(`Order ${orderNumber(now.id)} is refunded: ${formatCents(now.totalCents)} back to the card.`);
      },
      onError: (error) =>
        fail(`The refund of order ${orderNumber(order.id)} could not be retried: ${errorMessage(error)}`),
    });
  }

  function openDone() {
    messages.failRecall(null);
    dialogs.setDoneOpen(true);
  }

  function recallOrder(order: DoneOrder) {
    messages.failRecall(null);
    recall.mutate(order.id, {
      onError: (error) =>
        messages.failRecall(`Order ${orderNumber(order.id)} could not be recalled: ${errorMessage(error)}`),
    });
  }

  return {
    advance,
    answerCollect,
    givenBack,
    cancel,
    collected,
    askCollected,
    showDetails,
    startCancelling,
    retryRefundOf,
    openDone,
    recallOrder,
    isMoving: moves.isMoving,
    /** The order being marked paid at the counter, while the request is on its way. */
    collecting: paid.isPending ? (paid.variables ?? null) : null,
    retrying: retry.isPending ? (retry.variables?.id ?? null) : null,
    giving: giveBack.isPending ? (giveBack.variables ?? null) : null,
    recalling: recall.isPending ? (recall.variables ?? null) : null,
  };
}

export type BoardActions = ReturnType<typeof useBoardActions>;
