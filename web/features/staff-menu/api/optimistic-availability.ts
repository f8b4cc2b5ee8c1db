import { useMutation, type QueryClient } from "@tanstack/react-query";
import type { StaffAvailability } from "#common/staff-availability";
import { availabilityQueryKey } from "./get-availability";

/**
 * A change to the shop's availability that shows at once for the person who made it: the page's
 * copy is changed before the request goes, the answer replaces it, and a refusal puts back what
 * was there.
 */
export function useOptimisticAvailability<Variables>(
  queryClient: QueryClient,
  mutationFn: (variables: Variables) => Promise<StaffAvailability>,
  expected: (availability: StaffAvailability, variables: Variables) => StaffAvailability,
) {
  return useMutation({
    mutationFn,
    onMutate: async (variables: Variables) => {
      await queryClient.cancelQueries({ queryKey: availabilityQueryKey });
      const before = queryClient.getQueryData<StaffAvailability>(availabilityQueryKey);
      if (before) queryClient.setQueryData(availabilityQueryKey, expected(before, variables));
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(availabilityQueryKey, context.before);
    },
    onSuccess: (availability) => queryClient.setQueryData(availabilityQueryKey, availability),
  });
}
