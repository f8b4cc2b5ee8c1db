import { Hono } from "hono";
import type { AppEnv } from "./env";
import { errorBody, handleError } from "./lib/errors";
import { securityHeaders } from "./lib/security-headers";
import { csrfProtection } from "./lib/csrf";
import { loadSession } from "./lib/session";
import { authRouter, keepSignInPopupOpener } from "./routes/auth";
import { categoriesRouter } from "./routes/categories";
import { contactRouter } from "./routes/contact";
import { meRouter } from "./routes/me";
import { ordersRouter } from "./routes/orders";
import { allowPrerenderedStyles, LANDING_PAGE_PATHS, pagesRouter } from "./routes/pages";
import { partnershipRouter } from "./routes/partnership";
import { sendEmailRouter } from "./routes/send-email";
import { settingsRouter } from "./routes/settings";
import { stripeRouter } from "./routes/stripe";

export const app = new Hono<AppEnv>();

if (import.meta.env.MODE === "development") {
  // Under `vite dev` the pages are Vite's own HTML, with inline scripts and styles for hot
  // reloading that the CSP refuses: hand them over untouched, like every other page in dev.
  app.on("GET", Object.values(LANDING_PAGE_PATHS), (c) => (c.env.ASSETS ? c.env.ASSETS.fetch(c.req.raw) : c.notFound()));
}

// Outside the secure headers so the sign-in popup keeps its opener (see routes/auth.ts).
app.use("/api/auth/*", keepSignInPopupOpener);
// Outside them too: a prerendered landing page's own style attributes join the policy.
for (const path of Object.values(LANDING_PAGE_PATHS)) app.use(path, allowPrerenderedStyles);
app.use(securityHeaders());
// Refuses cross-site and non-JSON state-changing calls, then finds who is calling (c.var.userId).
app.use("/api/*", csrfProtection);
app.use("/send-email", csrfProtection);
app.use("/api/*", loadSession);
app.use("/send-email", loadSession);

app.route("/api/categories", categoriesRouter);
app.route("/api/settings", settingsRouter);
app.route("/api/auth", authRouter);
app.route("/api/me", meRouter);
app.route("/api/contact", contactRouter);
app.route("/api/partnership", partnershipRouter);
app.route("/api/send-email", sendEmailRouter);
// The older app's contract posted here; kept working for the forms it describes.
app.route("/send-email", sendEmailRouter);
app.route("/api/orders", ordersRouter);
app.route("/api/stripe", stripeRouter);
// The landing pages' HTML, with hints for what each needs at once (wrangler.toml sends them here).
app.route("/", pagesRouter);

app.notFound((c) => {
  if (c.req.path.startsWith("/api/") || c.req.path === "/api" || c.req.path === "/send-email") {
    return c.json(errorBody("not_found", `No API route for ${c.req.method} ${c.req.path}`), 404);
  }
  // Anything else is the SPA's: hand it to the static assets (index.html for deep links).
  return c.env.ASSETS ? c.env.ASSETS.fetch(c.req.raw) : c.text("Not found", 404);
});

app.onError(handleError);
