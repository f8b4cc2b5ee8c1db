/** The identity providers a shopper signs in with, and the names people read for them. */
export const AUTH_PROVIDERS = ["google", "apple"] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

export const PROVIDER_LABELS: Record<AuthProvider, string> = { google: "Google", apple: "Apple" };

export function isAuthProvider(value: unknown): value is AuthProvider {
  return typeof value === "string" && (AUTH_PROVIDERS as readonly string[]).includes(value);
}
