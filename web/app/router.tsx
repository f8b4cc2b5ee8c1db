import { Suspense } from "react";
import { Route, Routes, useLocation } from "react-router";
import { Layout, PageLoading } from "./layout";
import { lazyPage } from "./lazy-page";
import { RootErrorPage, RouteErrorBoundary } from "./route-error-page";

// Every page is its own chunk, fetched when first shown; the chunk name given to lazyPage is
// what the error page shows if that fetch fails. Pages that talk to the API ask for the data
// layer (`queries`), which then loads with them instead of with the first visit.
const importHomePage = () => import("../features/home/home-page");
const importMenuPage = () => import("../features/menu/menu-page");
const importProductPage = () => import("../features/product/product-page");
const importQueryProvider = () => import("./query-provider");

const LoginPage = lazyPage("login-page", () => import("./login-page"));
const HomePage = lazyPage("home-page", importHomePage);
const AboutPage = lazyPage("about-page", () => import("../features/about/about-page"));
const MenuPage = lazyPage("menu-page", importMenuPage, { queries: true });
const ProductPage = lazyPage("product-page", importProductPage, { queries: true });
const ContactPage = lazyPage("contact-page", () => import("../features/contact/contact-page"), { queries: true });
const PartnershipPage = lazyPage("partnership-page", () => import("../features/partnership/partnership-page"), {
  queries: true,
});
const CheckoutPage = lazyPage("checkout-page", () => import("../features/checkout/checkout-page"), { queries: true });
const OrdersPage = lazyPage("orders-page", () => import("../features/orders/orders-page"), { queries: true });
const NotFoundPage = lazyPage("not-found-page", () => import("./not-found-page"));

/**
 * Starts fetching the code of the page a visit lands on (the busiest landing pages) while the
 * entry is still starting up, instead of when React first renders the route: the page's chunk,
 * its CSS and the data layer then download in parallel with the start-up work. Route-aware,
 * unlike a preload tag in index.html. The lazy page's own import later gets the same module.
 */
export function prefetchLandingPage(pathname: string): void {
  const imports: Array<() => Promise<unknown>> =
    pathname === "/"
      ? [importHomePage]
      : pathname === "/menu"
        ? [importMenuPage, importQueryProvider]
        : /^\/categories\/[^/]+\/products\/[^/]+\/?$/.test(pathname)
          ? [importProductPage, importQueryProvider]
          : [];
  // A failure here is ignored: the route's own import retries and reports it.
  for (const load of imports) load().catch(() => undefined);
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
          path="/login"
          element={
            <Suspense fallback={<PageLoading />}>
              <LoginPage />
            </Suspense>
          }
        />
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="menu" element={<MenuPage />} />
          <Route path="categories/:categoryId/products/:id" element={<ProductPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="partnership" element={<PartnershipPage />} />
          <Route path="checkout" element={<CheckoutPage />} />
          <Route path="orders" element={<OrdersPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
