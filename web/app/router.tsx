import { Suspense } from "react";
import { Route, Routes, useLocation } from "react-router";
import { Layout, PageLoading } from "./layout";
import { lazyPage } from "./lazy-page";
import { RootErrorPage, RouteErrorBoundary } from "./route-error-page";

// Every page is its own chunk, fetched when first shown; the chunk name given to lazyPage is
// what the error page shows if that fetch fails. Pages that talk to the API ask for the data
// layer (`queries`), which then loads with them instead of with the first visit.
const LoginPage = lazyPage("login-page", () => import("./login-page"));
const HomePage = lazyPage("home-page", () => import("../features/home/home-page"));
const AboutPage = lazyPage("about-page", () => import("../features/about/about-page"));
const MenuPage = lazyPage("menu-page", () => import("../features/menu/menu-page"), { queries: true });
const ProductPage = lazyPage("product-page", () => import("../features/product/product-page"), { queries: true });
const ContactPage = lazyPage("contact-page", () => import("../features/contact/contact-page"), { queries: true });
const PartnershipPage = lazyPage("partnership-page", () => import("../features/partnership/partnership-page"), {
  queries: true,
});
const CheckoutPage = lazyPage("checkout-page", () => import("../features/checkout/checkout-page"), { queries: true });
const OrdersPage = lazyPage("orders-page", () => import("../features/orders/orders-page"), { queries: true });
const NotFoundPage = lazyPage("not-found-page", () => import("./not-found-page"));

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
