import { BrowserRouter } from "react-router";
import { PageLoading } from "./layout";
import { AppRoutes } from "./router";
import { useStoresHydrated } from "./store-hydration";

/**
 * The whole SPA: once the saved session and cart are back, the routes. The data layer
 * (TanStack Query) is not here: the pages that use it bring it (see lazyPage in router.tsx).
 */
export function App() {
  const hydrated = useStoresHydrated();
  return <BrowserRouter>{hydrated ? <AppRoutes /> : <PageLoading />}</BrowserRouter>;
}
