import { queryOptions, useQuery } from "@tanstack/react-query";
import type { NumbersQuery, NumbersResponse } from "#common/numbers";
import { apiFetch } from "#web/lib/api-client";

/** The query string of the numbers and their exports. */
export function numbersSearch(query: NumbersQuery): string {
  const search = new URLSearchParams({ from: query.from, to: query.to });
  if (query.location) search.set("location", query.location);
  return search.toString();
}

/** GET /api/staff/numbers: the figures of a range of the shops' days (401 guest, 403 staff, shopper or another shop). */
export function getNumbers(query: NumbersQuery, signal?: AbortSignal): Promise<NumbersResponse> {
  return apiFetch<NumbersResponse>(`/api/staff/numbers?${numbersSearch(query)}`, { cache: "no-store", signal });
}

export function numbersQueryOptions(query: NumbersQuery) {
  return queryOptions({
    queryKey: ["staff", "numbers", query] as const,
    // The signal is the query's: once another range is asked for, this one's request is abandoned.
    queryFn: ({ signal }) => getNumbers(query, signal),
    staleTime: 0,
    // Today's figures move with every order: keep them current while the page is open.
    refetchInterval: 30_000,
    // No placeholder of the range shown before: another range's figures are never shown as this one's.
  });
}

export function useNumbers(query: NumbersQuery, enabled = true) {
  return useQuery({ ...numbersQueryOptions(query), enabled });
}
