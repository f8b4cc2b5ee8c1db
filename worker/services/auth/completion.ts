import type { Context } from "hono";
import { PROVIDER_LABELS, type AuthProvider } from "#common/auth-providers";
import { safeReturnPath } from "#common/return-path";
import { escapeHtml } from "#worker/emails/html";
import type { CompletionMode } from "./attempt";

export const POPUP_SCRIPT_PATH = "/api/auth/popup-complete.js";
export const AUTH_STYLESHEET_PATH = "/api/auth/auth-pages.css";

export interface Completion {
  provider: AuthProvider;
  ok: boolean;
  /** Unknown when the attempt cookie was missing or unreadable. */
  mode?: CompletionMode;
  returnTo?: string;
}

/** `returnTo` with `auth=success|failed&provider=x` added, keeping its own query and hash. */
export function returnUrl(returnTo: string, provider: AuthProvider, ok: boolean): string {
  // Checked again here, where it becomes a Location and a link: a path that is not one of our
  // pages (whatever let it this far) sends the person to the home page instead.
  const url = new URL(safeReturnPath(returnTo) ?? "/", "http://squeeze.invalid");
  url.searchParams.set("auth", ok ? "success" : "failed");
  url.searchParams.set("provider", provider);
  return safeReturnPath(`${url.pathname}${url.search}${url.hash}`) ?? "/";
}

/**
 * The end of every sign-in, successful or not. Redirect mode goes back to the page with the
 * outcome in the query. Popup mode (and an attempt whose mode is unknown) answers a tiny page
 * whose same-origin script reports to the opener and closes, or, with no opener left, goes to
 * the return path itself.
 */
export function completeSignIn(c: Context, completion: Completion): Response {
  const returnTo = completion.returnTo ?? "/";
  const target = returnUrl(returnTo, completion.provider, completion.ok);
  c.header("Cache-Control", "no-store");
  if (completion.mode === "redirect") return c.redirect(target, 302);

  const label = PROVIDER_LABELS[completion.provider];
  const message = completion.ok ? `Signed in with ${label}.` : `${label} sign-in failed.`;
  return c.html(
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(message)} · Squeeze</title>
<link rel="stylesheet" href="${AUTH_STYLESHEET_PATH}">
<script src="${POPUP_SCRIPT_PATH}" defer></script>
</head>
<body data-provider="${completion.provider}" data-ok="${completion.ok}" data-mode="${completion.mode ?? "unknown"}" data-fallback="${escapeHtml(target)}">
<main class="auth-card">
<h1>${escapeHtml(message)}</h1>
<p>You can close this window. <a href="${escapeHtml(target)}">Back to Squeeze</a></p>
</main>
</body>
</html>`,
    200,
  );
}

/**
 * Served as a file so the strict CSP (script-src 'self', no inline script) holds on the popup
 * page too. The outcome goes to the opener with targetOrigin = our own origin (only the
 * storefront that opened the popup hears it) and, in case the trip through the provider severed
 * the opener, on the same-origin "squeeze-auth" BroadcastChannel. Then the popup closes; a page
 * that was not opened as our popup (or cannot close) goes to the return path instead.
 */
export const POPUP_SCRIPT = `(() => {
  const data = document.body.dataset;
  const message = { source: "squeeze-auth", provider: data.provider, ok: data.ok === "true" };
  const opener = window.opener && !window.opener.closed ? window.opener : null;
  const isPopup = data.mode === "popup" || opener !== null;
  const goToPage = () => {
    if (data.fallback && data.fallback.startsWith("/") && !data.fallback.startsWith("//") && !data.fallback.includes("\\\\")) {
      window.location.replace(data.fallback);
    }
  };
  if (!isPopup) return goToPage();
  try {
    if (opener) opener.postMessage(message, window.location.origin);
  } catch (_) {}
  try {
    const channel = new BroadcastChannel("squeeze-auth");
    channel.postMessage(message);
    channel.close();
  } catch (_) {}
  window.close();
  setTimeout(() => {
    if (!window.closed) goToPage();
  }, 500);
})();
`;

export const AUTH_STYLESHEET = `:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #fff8ee; color: #2b2118; }
.auth-card { width: min(26rem, calc(100vw - 2rem)); padding: 1.5rem; border-radius: 1rem; background: #fff; box-shadow: 0 8px 30px rgb(0 0 0 / 0.08); }
h1 { font-size: 1.25rem; margin: 0 0 0.5rem; }
p { margin: 0 0 1rem; line-height: 1.4; }
.notice { font-size: 0.875rem; background: #fff3cd; border-radius: 0.5rem; padding: 0.5rem 0.75rem; }
.people { display: grid; gap: 0.5rem; margin-bottom: 1.25rem; }
form { margin: 0; }
button { font: inherit; cursor: pointer; border-radius: 0.625rem; border: 1px solid #e0d3c2; background: #fff; padding: 0.625rem 0.875rem; width: 100%; text-align: left; }
button:hover, button:focus-visible { border-color: #f08a24; outline: 2px solid #f08a24; outline-offset: 1px; }
button.primary { background: #f08a24; border-color: #f08a24; color: #fff; text-align: center; font-weight: 600; }
button.secondary { text-align: center; margin-top: 0.75rem; }
.person-email { display: block; font-size: 0.875rem; color: #6b5a48; }
fieldset { border: 1px solid #e0d3c2; border-radius: 0.75rem; padding: 0.75rem 1rem 1rem; margin: 0; display: grid; gap: 0.5rem; }
label { font-size: 0.875rem; font-weight: 600; }
input { font: inherit; padding: 0.5rem 0.625rem; border: 1px solid #cbb9a4; border-radius: 0.5rem; }
`;
