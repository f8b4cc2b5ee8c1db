import { useCallback, useRef, useState } from "react";
import type { CollectAnswer } from "#common/cash-drawer";
import type { OrderStatus } from "#common/orders";
import type { StaffOrder } from "#common/staff-orders";
import { useChangeOrderStatus } from "./api/change-order-status";

interface Move {
  to: OrderStatus;
  /** Tells this move from a later one of the same card, so an old answer never clears a newer move. */
  token: number;
}

export interface OrderMoves {
  /**
   * Asks the API to move the order. Each card waits on its own request: another card can be moved
   * meanwhile, but the same card cannot get a second move while its first is on the way (the
   * promise then answers "busy" and nothing is sent). Resolves to the order as the API answered
   * it (a cancelled card order may still owe its refund), or rejects with the API's error.
   */
  move(order: StaffOrder, to: OrderStatus, reason?: string, payment?: CollectAnswer): Promise<StaffOrder | "busy">;
  /** The card waits for a move it has not made yet. */
  isMoving(order: StaffOrder): boolean;
}

export function useOrderMoves(): OrderMoves {
  const change = useChangeOrderStatus();
  const [moves, setMoves] = useState<ReadonlyMap<string, Move>>(new Map());
  // The same moves, readable at once: two taps within one frame must not both get through.
  const movesRef = useRef(moves);
  const nextToken = useRef(0);

  const update = useCallback((edit: (draft: Map<string, Move>) => void) => {
    const draft = new Map(movesRef.current);
    edit(draft);
    movesRef.current = draft;
    setMoves(draft);
  }, []);

  // A card waits only for a move it has not made yet: the live channel often shows the order in
  // its new column before the API's answer arrives, and the barista's next tap there must count.
  const isMoving = useCallback(
    (order: StaffOrder) => {
      const pending = moves.get(order.id);
      return pending !== undefined && pending.to !== order.status;
    },
    [moves],
  );

  const { mutateAsync } = change;
  const move = useCallback(
    async (
      order: StaffOrder,
      to: OrderStatus,
      reason?: string,
      payment?: CollectAnswer,
    ): Promise<StaffOrder | "busy"> => {
      const pending = movesRef.current.get(order.id);
      if (pending !== undefined && pending.to !== order.status) return "busy";
      const token = ++nextToken.current;
      update((draft) => draft.set(order.id, { to, token }));
      try {
        // mutateAsync, not mutate: each request's own outcome reaches its caller even when
        // another card's request started after it.
        const answer = await mutateAsync({
          orderId: order.id,
          status: to,
          ...(reason === undefined ? {} : { reason }),
          ...(payment === undefined ? {} : { payment }),
          // What this tablet showed: if the order has changed since, the API refuses (409) and the board reloads.
          expected: { status: order.status, paymentState: order.paymentState },
        });
        return answer.order;
      } finally {
        update((draft) => {
          if (draft.get(order.id)?.token === token) draft.delete(order.id);
        });
      }
    },
    [mutateAsync, update],
  );

  return { move, isMoving };
}
