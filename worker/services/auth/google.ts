import { decodeIdToken, generateCodeVerifier, Google } from "arctic";
import { z } from "zod";
import type { GoogleConfig } from "./config";
import { SignInFailure } from "./failure";
import type { ProviderIdentity } from "./users";

const SCOPES = ["openid", "email", "profile"];

export function googleAuthorizationUrl(config: GoogleConfig, redirectUri: string, state: string) {
  const codeVerifier = generateCodeVerifier();
  const url = new Google(config.clientId, config.clientSecret, redirectUri).createAuthorizationURL(
    state,
    codeVerifier,
    SCOPES,
  );
  // Let a person with several Google accounts choose which one signs in.
  url.searchParams.set("prompt", "select_account");
  return { url, codeVerifier };
}

/** The claims this shop relies on; anything else in the token is ignored. */
const googleClaimsSchema = z.object({
  iss: z.enum(["accounts.google.com", "https://accounts.google.com"]),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number(),
  sub: z.string().min(1).max(255),
  email: z.string().max(320),
  email_verified: z.boolean(),
  name: z.string().max(200).optional(),
});

/**
 * Trades the code (with the PKCE verifier) for tokens and reads who signed in.
 *
 * The ID token is decoded, not signature-checked: it comes straight from Google's token endpoint
 * over TLS in answer to our own authenticated request, which OpenID Connect Core 3.1.3.7 accepts
 * in place of signature validation. The claims we rely on are still checked: issuer, audience
 * (a token minted for another app is refused), expiry and a verified e-mail.
 */
export async function googleIdentity(
  config: GoogleConfig,
  redirectUri: string,
  code: string,
  codeVerifier: string,
  now = Date.now(),
): Promise<ProviderIdentity> {
  const tokens = await new Google(config.clientId, config.clientSecret, redirectUri).validateAuthorizationCode(
    code,
    codeVerifier,
  );
  let rawClaims: unknown;
  try {
    rawClaims = decodeIdToken(tokens.idToken());
  } catch {
    throw new SignInFailure("Google returned no readable ID token");
  }
  const parsed = googleClaimsSchema.safeParse(rawClaims);
  if (!parsed.success)
    throw new SignInFailure(`Google ID token lacks expected claims (${parsed.error.issues[0]?.path.join(".")})`);
  const claims = parsed.data;

  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(config.clientId)) throw new SignInFailure("Google ID token is for another client (aud)");
  if (claims.exp * 1000 <= now) throw new SignInFailure("Google ID token has expired");
  if (!claims.email_verified) throw new SignInFailure("Google account e-mail is not verified");

  return { provider: "google", subject: claims.sub, username: claims.name ?? "", email: claims.email };
}
