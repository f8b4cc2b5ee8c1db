import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { NumbersQuery, NumbersResponse } from "#common/numbers";
import { apiFetch } from "#web/lib/api-client";

/** The query string of the numbers and their exports. */
export function numbersSearch(query: NumbersQuery): string {
  const search = new URLSearchParams({ from: query.from, to: query.to });
  if (query.location) search.set("location", query.location);
  return search.toString();
}

/** GET /api/staff/numbers: the figures of a range of the shops' days (401 guest, 403 staff, shopper or another shop). */
export function getNumbers(query: NumbersQuery): Promise<NumbersResponse> {
  return apiFetch<NumbersResponse>(`/api/staff/numbers?${numbersSearch(query)}`, { cache: "no-store" });
}

export function numbersQueryOptions(query: NumbersQuery) {
  return queryOptions({
    queryKey: ["staff", "numbers", query] as const,
    queryFn: () => getNumbers(query),
    staleTime: 0,
    // Today's figures move with every order: keep them current while the page is open.
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useNumbers(query: NumbersQuery) {
  return useQuery(numbersQueryOptions(query));
}
