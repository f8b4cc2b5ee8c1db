import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StaffOrderResponse } from "#common/staff-orders";
import { ApiRequestError } from "#web/lib/api-client";
import { withBoardOrder } from "#web/features/staff-board/board-orders";
import { staffOrdersQueryKey, staffOrdersQueryOptions } from "./list-staff-orders";

/**
 * A change of one order from the board: the answer (the order as it now is) goes on the board at
 * once, before the live channel's copy, and over any read of the board that started before it; a
 * 409 or 404 (someone else changed it first, or it is gone) reads the board again.
 */
export function useBoardOrderMutation<Variables>(
  name: string,
  mutationFn: (variables: Variables) => Promise<StaffOrderResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "orders", name],
    mutationFn,
    onSuccess: async ({ order }) => {
      // A read of the board still on its way (a reconnection's) may predate this change and would
      // put the order back as it was: it is dropped, the answer applied, and the board read again.
      const readInFlight = queryClient.isFetching({ queryKey: staffOrdersQueryKey }) > 0;
      if (readInFlight) await queryClient.cancelQueries({ queryKey: staffOrdersQueryKey });
      queryClient.setQueryData(staffOrdersQueryOptions().queryKey, (board) => withBoardOrder(board, order));
      if (readInFlight) void queryClient.invalidateQueries({ queryKey: staffOrdersQueryKey });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && (error.status === 409 || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: staffOrdersQueryKey });
      }
    },
  });
}
