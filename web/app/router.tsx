import { createBrowserRouter, type RouteObject } from "react-router";
import { Layout, PageLoading } from "./layout";
import { lazyPage } from "./lazy-page";
import { RootErrorPage, RouteErrorPage } from "./route-error-page";

/**
 * Every route of the shop. Each page is its own chunk, fetched when first visited; the
 * chunk name given to lazyPage is what an error page shows if that fetch fails.
 */
export const routes: RouteObject[] = [
  {
    path: "/login",
    lazy: lazyPage("login-page", () => import("./login-page")),
    ErrorBoundary: RootErrorPage,
    HydrateFallback: PageLoading,
  },
  {
    id: "layout",
    Component: Layout,
    ErrorBoundary: RootErrorPage,
    children: [
      {
        // Pathless: its error page and loading state render inside the layout.
        id: "pages",
        ErrorBoundary: RouteErrorPage,
        HydrateFallback: PageLoading,
        children: [
          { index: true, lazy: lazyPage("home-page", () => import("../features/home/home-page")) },
          { path: "about", lazy: lazyPage("about-page", () => import("../features/about/about-page")) },
          { path: "menu", lazy: lazyPage("menu-page", () => import("../features/menu/menu-page")) },
          {
            path: "categories/:categoryId/products/:id",
            lazy: lazyPage("product-page", () => import("../features/product/product-page")),
          },
          { path: "contact", lazy: lazyPage("contact-page", () => import("../features/contact/contact-page")) },
          {
            path: "partnership",
            lazy: lazyPage("partnership-page", () => import("../features/partnership/partnership-page")),
          },
          { path: "checkout", lazy: lazyPage("checkout-page", () => import("../features/checkout/checkout-page")) },
          { path: "orders", lazy: lazyPage("orders-page", () => import("../features/orders/orders-page")) },
          { path: "*", lazy: lazyPage("not-found-page", () => import("./not-found-page")) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
