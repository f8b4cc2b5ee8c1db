import { Apple } from "arctic";
import { z } from "zod";
import type { AppleConfig } from "./config";
import { SignInFailure } from "./failure";
import type { ProviderIdentity } from "./users";

const APPLE_ISSUER = "https://appleid.apple.com";
export const APPLE_KEYS_URL = "https://appleid.apple.com/auth/keys";

function appleClient(config: AppleConfig, redirectUri: string): Apple {
  // arctic signs the short-lived ES256 client secret with Web Crypto from these on every exchange.
  return new Apple(config.clientId, config.teamId, config.keyId, config.privateKey, redirectUri);
}

export function appleAuthorizationUrl(config: AppleConfig, redirectUri: string, state: string, nonce: string): URL {
  const url = appleClient(config, redirectUri).createAuthorizationURL(state, ["name", "email"]);
  // Apple requires form_post when name or email is requested: the answer is a POST to our callback.
  url.searchParams.set("response_mode", "form_post");
  url.searchParams.set("nonce", nonce);
  return url;
}

/** The `user` form field Apple posts on the first authorization only. */
const appleUserSchema = z.object({
  name: z.object({ firstName: z.string().max(100).optional(), lastName: z.string().max(100).optional() }).optional(),
  email: z.string().max(320).optional(),
});

/** The person's name from Apple's `user` field, or "" when Apple did not send one (every later sign-in). */
export function nameFromAppleUserField(userField: string | undefined): string {
  if (!userField) return "";
  try {
    const user = appleUserSchema.parse(JSON.parse(userField));
    return [user.name?.firstName, user.name?.lastName].filter(Boolean).join(" ").trim();
  } catch {
    return "";
  }
}

const appleClaimsSchema = z.object({
  iss: z.literal(APPLE_ISSUER),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number(),
  sub: z.string().min(1).max(255),
  nonce: z.string().optional(),
  email: z.string().max(320).optional(),
  email_verified: z.union([z.boolean(), z.enum(["true", "false"])]).optional(),
});

/**
 * Trades the code for tokens and reads who signed in. Apple's ID token is verified against
 * Apple's published keys as well as read: it is the only statement of who the person is, and
 * the nonce inside ties it to the attempt this browser started.
 */
export async function appleIdentity(
  config: AppleConfig,
  redirectUri: string,
  code: string,
  expectedNonce: string | undefined,
  userField: string | undefined,
  now = Date.now(),
): Promise<ProviderIdentity> {
  const tokens = await appleClient(config, redirectUri).validateAuthorizationCode(code);
  let idToken: string;
  try {
    idToken = tokens.idToken();
  } catch {
    throw new SignInFailure("Apple returned no ID token");
  }
  const parsed = appleClaimsSchema.safeParse(await verifiedAppleClaims(idToken));
  if (!parsed.success)
    throw new SignInFailure(`Apple ID token lacks expected claims (${parsed.error.issues[0]?.path.join(".")})`);
  const claims = parsed.data;

  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(config.clientId)) throw new SignInFailure("Apple ID token is for another client (aud)");
  if (claims.exp * 1000 <= now) throw new SignInFailure("Apple ID token has expired");
  if (!expectedNonce || claims.nonce !== expectedNonce)
    throw new SignInFailure("Apple ID token nonce does not match this attempt");
  if (claims.email && (claims.email_verified === false || claims.email_verified === "false")) {
    throw new SignInFailure("Apple account e-mail is not verified");
  }

  return {
    provider: "apple",
    subject: claims.sub,
    username: nameFromAppleUserField(userField),
    email: claims.email ?? "",
  };
}

const jwkSetSchema = z.object({
  keys: z.array(z.object({ kid: z.string(), kty: z.literal("RSA"), n: z.string(), e: z.string() }).passthrough()),
});

const jwtHeaderSchema = z.object({ alg: z.literal("RS256"), kid: z.string() });

/** The token's claims once its RS256 signature checks out against Apple's current keys. */
async function verifiedAppleClaims(idToken: string): Promise<unknown> {
  const [headerPart, payloadPart, signaturePart, ...rest] = idToken.split(".");
  if (!headerPart || !payloadPart || !signaturePart || rest.length > 0) {
    throw new SignInFailure("Apple ID token is not a JWT");
  }
  let header: z.infer<typeof jwtHeaderSchema>;
  let claims: unknown;
  try {
    header = jwtHeaderSchema.parse(JSON.parse(textFromBase64Url(headerPart)));
    claims = JSON.parse(textFromBase64Url(payloadPart));
  } catch {
    throw new SignInFailure("Apple ID token header or payload is unreadable");
  }

  const response = await fetch(APPLE_KEYS_URL, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new SignInFailure(`Apple keys answered HTTP ${response.status}`);
  const keySet = jwkSetSchema.safeParse(await response.json().catch(() => null));
  if (!keySet.success) throw new SignInFailure("Apple keys are unreadable");
  const jwk = keySet.data.keys.find((key) => key.kid === header.kid);
  if (!jwk) throw new SignInFailure(`Apple ID token signed with unknown key ${header.kid}`);

  const algorithm = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" };
  const key = await crypto.subtle.importKey("jwk", { kty: "RSA", n: jwk.n, e: jwk.e }, algorithm, false, ["verify"]);
  const valid = await crypto.subtle.verify(
    algorithm,
    key,
    bytesFromBase64Url(signaturePart),
    new TextEncoder().encode(`${headerPart}.${payloadPart}`),
  );
  if (!valid) throw new SignInFailure("Apple ID token signature is invalid");
  return claims;
}

function bytesFromBase64Url(value: string): Uint8Array {
  const binary = atob(value.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function textFromBase64Url(value: string): string {
  return new TextDecoder().decode(bytesFromBase64Url(value));
}
