import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { queryClient } from "#web/lib/query-client";

/**
 * Gives a page the data layer. Pages that read or write the API are mounted inside it by
 * lazyPage(…, { queries: true }) (web/app/router.tsx), so TanStack Query downloads with the
 * first such page rather than with the first visit to `/`. Every page gets the same client:
 * one cache, shared across pages.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
