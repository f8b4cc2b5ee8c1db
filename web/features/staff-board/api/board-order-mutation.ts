import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StaffOrderResponse } from "#common/staff-orders";
import { ApiRequestError } from "#web/lib/api-client";
import { withBoardOrder } from "#web/features/staff-board/board-orders";
import { staffOrdersQueryKey, staffOrdersQueryOptions } from "./list-staff-orders";

/**
 * A change of one order from the board: the answer (the order as it now is) goes on the board at
 * once, before the live channel's copy; a 409 or 404 (someone else changed it first, or it is
 * gone) reads the board again.
 */
export function useBoardOrderMutation<Variables>(
  name: string,
  mutationFn: (variables: Variables) => Promise<StaffOrderResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "orders", name],
    mutationFn,
    onSuccess: ({ order }) => {
      queryClient.setQueryData(staffOrdersQueryOptions().queryKey, (board) => withBoardOrder(board, order));
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && (error.status === 409 || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: staffOrdersQueryKey });
      }
    },
  });
}
