import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { RouterProvider } from "react-router";
import { PageLoading } from "./layout";
import { queryClient } from "./query-client";
import { createAppRouter } from "./router";
import { useStoresHydrated } from "./store-hydration";

/** The whole SPA: data layer, then — once the saved session and cart are back — the routes. */
export function App() {
  const [router] = useState(createAppRouter);
  const hydrated = useStoresHydrated();
  return (
    <QueryClientProvider client={queryClient}>
      {hydrated ? <RouterProvider router={router} /> : <PageLoading />}
    </QueryClientProvider>
  );
}
