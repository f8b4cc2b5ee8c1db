import { Suspense } from "react";
import { matchPath, Route, Routes, useLocation } from "react-router";
import { APP_PAGES, childPath } from "#common/app-pages";
import { PRODUCT_PAGE_PATH } from "#common/landing";
import { Layout, PageLoading } from "./layout";
import { lazyPage } from "./lazy-page";
import { RootErrorPage, RouteErrorBoundary } from "./route-error-page";

// Every page is its own chunk, fetched when first shown; the chunk name given to lazyPage is
// what the error page shows if that fetch fails. Pages that talk to the API ask for the data
// layer (`queries`), which then loads with them instead of with the first visit.
const importHomePage = () => import("#web/features/home/home-page");
const importMenuPage = () => import("#web/features/menu/menu-page");
const importProductPage = () => import("#web/features/product/product-page");

const LoginPage = lazyPage("login-page", () => import("./login-page"));
const HomePage = lazyPage("home-page", importHomePage);
const AboutPage = lazyPage("about-page", () => import("#web/features/about/about-page"));
const MenuPage = lazyPage("menu-page", importMenuPage, { queries: true });
const ProductPage = lazyPage("product-page", importProductPage, { queries: true });
const ContactPage = lazyPage("contact-page", () => import("#web/features/contact/contact-page"), { queries: true });
const PartnershipPage = lazyPage("partnership-page", () => import("#web/features/partnership/partnership-page"), {
  queries: true,
});
const CheckoutPage = lazyPage("checkout-page", () => import("#web/features/checkout/checkout-page"), { queries: true });
const OrdersPage = lazyPage("orders-page", () => import("./my-orders-page"), { queries: true });
const AccountPage = lazyPage("account-page", () => import("#web/features/account/account-page"), { queries: true });
const OrderPage = lazyPage("order-page", () => import("#web/features/orders/order-page"), { queries: true });
const LocationsPage = lazyPage("locations-page", () => import("#web/features/locations/locations-page"));
const LocationPage = lazyPage("location-page", () => import("#web/features/locations/location-page"));
// The staff side (its frame, the board and the Menu page): its own chunks, routed inside the
// first of them, so nothing of it is part of what a shopper's pages download.
const StaffRoutes = lazyPage("staff-routes", () => import("./staff-routes"));
const NotFoundPage = lazyPage("not-found-page", () => import("./not-found-page"));

/** How long the first render waits for the landing page's code and data before it goes ahead without them. */
const LANDING_WAIT_MS = 10_000;

/**
 * Fetches the code and the first data of the page a visit lands on (the busiest landing
 * pages) as the entry starts, and resolves once they are there (or have failed, or after
 * 10 s). main.tsx waits for it before the first render, so the app replaces the page painted
 * from the HTML (the frame, or the whole page the build or the worker prerendered) with the
 * page itself, not with a loading state first. The landing pages' HTML already names this
 * code and data (worker/services/landing/), so the browser is usually fetching them by now. The
 * lazy page's own import and queries later get the same module and the cached answers.
 */
export function loadLandingPage({ pathname, search }: { pathname: string; search: string }): Promise<void> {
  const product = matchPath(PRODUCT_PAGE_PATH, pathname);
  const loads: Array<() => Promise<unknown>> =
    pathname === "/"
      ? [HomePage.preload]
      : pathname === "/menu"
        ? [() => importMenuPage().then((page) => page.loadMenuData(search)), MenuPage.preload]
        : product
          ? [
              () =>
                importProductPage().then((page) =>
                  page.loadProductData(product.params.categoryId ?? "", product.params.id ?? ""),
                ),
              ProductPage.preload,
            ]
          : [];
  if (loads.length === 0) return Promise.resolve();
  // A failure here is ignored: the route's own import retries and reports it, the page shows a failed query.
  const loaded = Promise.allSettled(loads.map((load) => load())).then(() => undefined);
  return Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, LANDING_WAIT_MS))]);
}

/**
 * Every route of the shop (React Router's declarative mode: much less code in the first
 * download than the data router). /login stands alone; every other page sits in the layout,
 * which shows its loading and error states. A failure of the layout itself gets a plain page.
 */
export function AppRoutes() {
  const location = useLocation();
  return (
    <RouteErrorBoundary fallback={RootErrorPage} resetKey={location.key}>
      <Routes>
        <Route
          path={APP_PAGES.login}
          element={
            <Suspense fallback={<PageLoading />}>
              <LoginPage />
            </Suspense>
          }
        />
        <Route
          path={`${APP_PAGES.staff}/*`}
          element={
            <Suspense fallback={<PageLoading />}>
              <StaffRoutes />
            </Suspense>
          }
        />
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route path={childPath(APP_PAGES.about)} element={<AboutPage />} />
          <Route path={childPath(APP_PAGES.menu)} element={<MenuPage />} />
          <Route path={childPath(APP_PAGES.product)} element={<ProductPage />} />
          <Route path={childPath(APP_PAGES.contact)} element={<ContactPage />} />
          <Route path={childPath(APP_PAGES.partnership)} element={<PartnershipPage />} />
          <Route path={childPath(APP_PAGES.checkout)} element={<CheckoutPage />} />
          <Route path={childPath(APP_PAGES.orders)} element={<OrdersPage />} />
          <Route path={childPath(APP_PAGES.order)} element={<OrderPage />} />
          <Route path={childPath(APP_PAGES.account)} element={<AccountPage />} />
          <Route path={childPath(APP_PAGES.locations)} element={<LocationsPage />} />
          <Route path={childPath(APP_PAGES.location)} element={<LocationPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
