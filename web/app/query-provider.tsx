import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { createContext, useContext, type ReactNode } from "react";
import { queryClient } from "#web/lib/query-client";

/**
 * On the server (web/prerender-app.tsx) each render brings a client of its own, holding that
 * page's data; in the browser there is none, and pages share the one client.
 */
const PrerenderClientContext = createContext<QueryClient | null>(null);
export const PrerenderQueryClient = PrerenderClientContext.Provider;

/**
 * Gives a page the data layer. Pages that read or write the API are mounted inside it by
 * lazyPage(…, { queries: true }) (web/app/router.tsx), so TanStack Query downloads with the
 * first such page rather than with the first visit to `/`. Every page gets the same client:
 * one cache, shared across pages.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const client = useContext(PrerenderClientContext) ?? queryClient;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
