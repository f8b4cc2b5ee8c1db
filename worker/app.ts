import { Hono } from "hono";
import { isAppPage } from "#common/app-pages";
import type { AppEnv } from "./env";
import { fetchAsset } from "./lib/assets";
import { errorBody, handleError } from "./lib/errors";
import { allowPrerenderedInlines, documentOnlyPolicies, securityHeaders } from "./lib/security-headers";
import { csrfProtection } from "./lib/csrf";
import { loadSession } from "./services/auth/sign-in-session";
import { NUMBERS_VIEWERS, SHOP_STAFF, staffGuard } from "./services/staff/staff-guard";
import { readUnreadBodyLocally } from "./lib/unread-body";
import { appShellRouter } from "./routes/app-shell";
import { authRouter, keepSignInPopupOpener } from "./routes/auth";
import { categoriesRouter } from "./routes/categories";
import { cloudPrntRouter } from "./routes/cloudprnt";
import { contactRouter } from "./routes/contact";
import { liveRouter } from "./routes/live";
import { locationsRouter } from "./routes/locations";
import { meRouter } from "./routes/me";
import { ordersRouter } from "./routes/orders";
import { loyaltyRouter } from "./routes/loyalty";
import { orderAgainRouter } from "./routes/order-again";
import { LANDING_PAGE_PATHS, OTHER_PAGE_PATHS, pagesRouter } from "./routes/pages";
import { partnershipRouter } from "./routes/partnership";
import { pickupDaysRouter } from "./routes/pickup-days";
import { pushSubscriptionsRouter } from "./routes/push-subscriptions";
import { paymentMethodsRouter } from "./routes/payment-methods";
import { deliveryAreaRouter } from "./routes/delivery-area";
import { productsRouter } from "./routes/products";
import { cartPricesRouter } from "./routes/cart-prices";
import { sendEmailRouter } from "./routes/send-email";
import { settingsRouter } from "./routes/settings";
import { shopChoiceRouter } from "./routes/shop-choice";
import { staffAcknowledgementsRouter } from "./routes/staff-acknowledgements";
import { staffAvailabilityRouter } from "./routes/staff-availability";
import { shopStatusRouter } from "./routes/shop-status";
import { staffRouter } from "./routes/staff";
import { staffNumbersRouter } from "./routes/staff-numbers";
import { staffPrintingRouter } from "./routes/staff-printing";
import { staffShopsRouter } from "./routes/staff-shops";
import { stripeRouter } from "./routes/stripe";

export const app = new Hono<AppEnv>();

// First, so that it sees every answer: on the local servers a refused request's unread body is
// read before the answer leaves, or the local proxy loses the answer (lib/unread-body.ts).
app.use("*", readUnreadBodyLocally);

if (import.meta.env.MODE === "development") {
  // Under `vite dev` the pages are Vite's own HTML, with inline scripts and styles for hot
  // reloading that the CSP refuses: hand every page over untouched (wrangler.toml sends every
  // address to the worker first, so this is all of them, not only the landing pages).
  app.use("*", async (c, next) => {
    if (c.req.method !== "GET" || isApiPath(c.req.path)) return next();
    return fetchAsset(c.env, c.req.raw);
  });
}

// Outside the secure headers so the sign-in popup keeps its opener (see routes/auth.ts).
app.use("/api/auth/*", keepSignInPopupOpener);
// Outside them too: a prerendered landing page's own style attributes and script join the policy.
for (const path of [...Object.values(LANDING_PAGE_PATHS), ...Object.values(OTHER_PAGE_PATHS)])
  app.use(path, allowPrerenderedInlines);
app.use(documentOnlyPolicies);
app.use(securityHeaders());
// Refuses cross-site and non-JSON state-changing calls, then finds who is calling (c.var.userId).
app.use("/api/*", csrfProtection);
app.use("/send-email", csrfProtection);
app.use("/api/*", loadSession);
app.use("/send-email", loadSession);
// Every staff address, whatever its spelling, is refused to guests and shoppers here, before any
// router: the numbers over several shops, every other part at one shop (services/staff/staff-guard.ts).
app.use("/api/staff/*", staffGuard("/api/staff", { "/numbers": NUMBERS_VIEWERS }, SHOP_STAFF));

/**
 * Every router, mounted in one chained expression (docs/decisions/0010-import-boundaries.md): the
 * same app, typed with the whole API, for a typed client (`hc<AppType>` from hono/client).
 */
export const routes = app
  .route("/api/categories", categoriesRouter)
  .route("/api/products", productsRouter)
  .route("/api/cart-prices", cartPricesRouter)
  .route("/api/settings", settingsRouter)
  .route("/api/payment-methods", paymentMethodsRouter)
  .route("/api/delivery-area", deliveryAreaRouter)
  .route("/api/auth", authRouter)
  .route("/api/me", meRouter)
  .route("/api/contact", contactRouter)
  .route("/api/partnership", partnershipRouter)
  .route("/api/send-email", sendEmailRouter)
  // The older app's contract posted here; kept working for the forms it describes.
  .route("/send-email", sendEmailRouter)
  .route("/api/orders", ordersRouter)
  .route("/api/orders", orderAgainRouter)
  .route("/api/loyalty", loyaltyRouter)
  .route("/api/stripe", stripeRouter)
  // The shop's CloudPRNT printers poll here, outside /api/ (routes/cloudprnt.ts).
  .route("/printers", cloudPrntRouter)
  .route("/api/store", shopStatusRouter)
  .route("/api/locations", locationsRouter)
  .route("/api/shop-choice", shopChoiceRouter)
  .route("/api/pickup-days", pickupDaysRouter)
  .route("/api/push-subscriptions", pushSubscriptionsRouter)
  .route("/api/staff/availability", staffAvailabilityRouter)
  .route("/api/staff/acknowledgements", staffAcknowledgementsRouter)
  .route("/api/staff/numbers", staffNumbersRouter)
  .route("/api/staff/shops", staffShopsRouter)
  .route("/api/staff/printing", staffPrintingRouter)
  .route("/api/live", liveRouter)
  .route("/api/staff", staffRouter)
  // The page frame the service worker keeps for pages opened without a connection.
  .route("/", appShellRouter)
  // The landing pages' HTML, with hints for what each needs at once (wrangler.toml sends them here).
  .route("/", pagesRouter);

export type AppType = typeof routes;

/**
 * The API's addresses (the older app's /send-email and the printers' CloudPRNT server among them);
 * everything else is a page or a file.
 */
function isApiPath(path: string): boolean {
  return path.startsWith("/api/") || path === "/api" || path === "/send-email" || path.startsWith("/printers/");
}

/** What a page (anything outside the API) answers to. */
const PAGE_METHODS = "GET, HEAD";

app.notFound(async (c) => {
  if (isApiPath(c.req.path)) {
    return c.json(errorBody("not_found", `No API route for ${c.req.method} ${c.req.path}`), 404);
  }
  // Pages are only read: any other method on one is refused, never handed to the assets.
  if (c.req.method !== "GET" && c.req.method !== "HEAD") {
    c.header("Allow", PAGE_METHODS);
    return c.json(
      errorBody("method_not_allowed", `${c.req.method} is not allowed on ${c.req.path}; pages answer ${PAGE_METHODS}`),
      405,
    );
  }
  // Anything else is the SPA's: hand it to the static assets (a file, or index.html for a page).
  const response = await fetchAsset(c.env, c.req.raw);
  // An address the app has no page for gets the app all the same, whose router shows its
  // friendly "Page not found", but with the status that says so (for search engines, links
  // checkers and anyone reading the status rather than the page).
  if (!isAppPage(c.req.path) && response.ok && response.headers.get("content-type")?.includes("text/html")) {
    return new Response(response.body, { status: 404, headers: response.headers });
  }
  return response;
});

app.onError(handleError);
