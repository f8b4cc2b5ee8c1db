/** The identity providers, their names and what the shopper reads about a sign-in's outcome. */

export const AUTH_PROVIDERS = ["google", "apple"] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

export const PROVIDER_LABELS: Record<AuthProvider, string> = { google: "Google", apple: "Apple" };

export function isAuthProvider(value: unknown): value is AuthProvider {
  return typeof value === "string" && (AUTH_PROVIDERS as readonly string[]).includes(value);
}

export const signInSuccessText = (provider: AuthProvider) => `Logged in with ${PROVIDER_LABELS[provider]}!`;
export const signInFailureText = (provider: AuthProvider) => `${PROVIDER_LABELS[provider]} sign-in failed.`;

/** The identity error behind a failure, logged for developers; the shopper only sees the generic toast. */
export class SignInError extends Error {
  constructor(
    readonly provider: AuthProvider,
    readonly reason: "popup-closed" | "provider-refused" | "no-session" | "cancelled",
    options?: { cause?: unknown },
  ) {
    super(`${PROVIDER_LABELS[provider]} sign-in failed: ${reason}`, options);
    this.name = "SignInError";
  }
}
