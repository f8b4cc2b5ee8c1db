/** What the shopper reads about a sign-in's outcome (the providers themselves are common/'s). */
import { PROVIDER_LABELS, type AuthProvider } from "#common/auth-providers";

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
