import { QueryCache, QueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { ApiRequestError } from "./api-client";
import { onSessionEnd } from "./session-end";

/** What the shopper reads when a request fails: the worker's own message when it sent one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong. Please try again.";
}

/** A 4xx will not get better by asking again; a network blip or a 5xx might, once. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * The data layer's one client (spec section 7): unused data is kept 60 s and nothing
 * refetches on window focus or reconnect.
 *
 * Errors are never swallowed. A query without data yet fails into its screen, which shows
 * the error in place (isError / error). When a query that already shows data fails to
 * refresh, the screen keeps the old data, so the failure is told with a toast instead.
 * Mutations (checkout, contact, partnership) report failures themselves, in the spec's words,
 * so they are not toasted twice here.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.state.data !== undefined) toast.error(errorMessage(error), { id: `query-${query.queryHash}` });
      },
    }),
    defaultOptions: {
      queries: {
        gcTime: 60_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: shouldRetry,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/**
 * The one client every page shares (web/app/query-provider.tsx provides it). This module
 * loads with the first page that reads the API, not with the first download.
 */
export const queryClient = createQueryClient();

// On logout: the menu is the same for everyone; anything else cached (orders, me) was this user's.
onSessionEnd(() => queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "categories" }));
