import type { AuthProvider } from "./auth-providers";

/**
 * Where a sign-in with `provider` starts (GET /api/auth/:provider/start): in a popup that reports
 * back, or as a full-page redirect that comes back to `returnTo` (a path on this site). A module
 * of its own: only the sign-in modal and the staff pages need it, not the first page.
 */
export function signInStartPath(provider: AuthProvider, mode: "popup" | "redirect", returnTo?: string): string {
  const params = new URLSearchParams({ mode });
  if (returnTo) params.set("returnTo", returnTo);
  return `/api/auth/${provider}/start?${params.toString()}`;
}
