/**
 * Test doubles for the sign-in tests: a browser with a cookie jar that calls the worker with
 * chosen secrets, and fakes of Google's and Apple's endpoints installed at `fetch`.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import { app } from "#worker/app";
import type { Env } from "#worker/env";

export type SecretOverrides = Partial<
  Pick<
    Env,
    | "APP_ENV"
    | "GOOGLE_CLIENT_ID"
    | "GOOGLE_CLIENT_SECRET"
    | "APPLE_CLIENT_ID"
    | "APPLE_TEAM_ID"
    | "APPLE_KEY_ID"
    | "APPLE_PRIVATE_KEY"
  >
>;

/** Nothing configured and not development, whatever the developer's .dev.vars says. */
const BLANK_SECRETS: SecretOverrides = {
  APP_ENV: undefined,
  GOOGLE_CLIENT_ID: undefined,
  GOOGLE_CLIENT_SECRET: undefined,
  APPLE_CLIENT_ID: undefined,
  APPLE_TEAM_ID: undefined,
  APPLE_KEY_ID: undefined,
  APPLE_PRIVATE_KEY: undefined,
};

export const GOOGLE_SECRETS = { GOOGLE_CLIENT_ID: "google-client.apps.example", GOOGLE_CLIENT_SECRET: "google-secret" };

let browsers = 0;

export interface SetCookie {
  name: string;
  value: string;
  attributes: string;
}

/**
 * One browser: its own client IP (the rate limit is per client), its own cookies, and the
 * worker's secrets as this test wants them.
 */
export class Browser {
  readonly ip: string;
  readonly cookies = new Map<string, string>();

  constructor(
    readonly secrets: SecretOverrides = {},
    readonly origin = "http://localhost:5173",
  ) {
    browsers += 1;
    this.ip = `10.${(browsers >> 8) & 255}.${browsers & 255}.${Math.floor(Math.random() * 250) + 1}`;
  }

  /** A request as this browser sends it; redirects are not followed. */
  async fetch(path: string, init: RequestInit & { crossSiteFrom?: string } = {}): Promise<Response> {
    const url = new URL(path, this.origin);
    const headers = new Headers(init.headers);
    headers.set("CF-Connecting-IP", this.ip);
    if (this.cookies.size > 0 && !headers.has("Cookie")) {
      headers.set("Cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    }
    const request = new Request(url, { ...init, headers, redirect: "manual" });
    const ctx = createExecutionContext();
    const response = await app.fetch(request, { ...env, ...BLANK_SECRETS, ...this.secrets }, ctx);
    await waitOnExecutionContext(ctx);
    for (const cookie of setCookies(response)) {
      if (/max-age=0/i.test(cookie.attributes) || cookie.value === "") this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  /** A form POST as a browser sends it, e.g. Apple's form_post or the stand-in consent form. */
  postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return this.fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Who the worker thinks this browser is. */
  async me(): Promise<{ uid: string; username: string; email: string; phone: string; isAuthenticated: boolean }> {
    return (await this.fetch("/api/me")).json();
  }
}

export function setCookies(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map((header) => {
    const [pair = "", ...attributes] = header.split(";");
    const separator = pair.indexOf("=");
    return {
      name: pair.slice(0, separator).trim(),
      value: pair.slice(separator + 1).trim(),
      attributes: attributes.map((attribute) => attribute.trim()).join("; "),
    };
  });
}

export function location(response: Response): URL {
  const header = response.headers.get("Location");
  if (!header) throw new Error(`Expected a redirect, got ${response.status}`);
  return new URL(header, "http://localhost:5173");
}

// --- JWT helpers -------------------------------------------------------------------------

export function base64UrlEncode(data: string | Uint8Array): string {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function base64UrlDecode(value: string): Uint8Array {
  return Uint8Array.from(atob(value.replaceAll("-", "+").replaceAll("_", "/")), (char) => char.charCodeAt(0));
}

export function decodeJwtPart(part: string): Record<string, unknown> {
  return JSON.parse(new TextDecoder().decode(base64UrlDecode(part)));
}

async function s256(verifier: string): Promise<string> {
  return base64UrlEncode(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

// --- Google -------------------------------------------------------------------------------

type Claims = Record<string, unknown>;

/**
 * Google's token endpoint as far as the worker can tell: it checks the client credentials and
 * redirect URI, refuses a code twice, and checks the PKCE verifier against the challenge it saw
 * in the authorization request.
 */
export function fakeGoogle() {
  const codes = new Map<string, { codeChallenge: string; redirectUri: string; claims: Claims }>();
  const tokenRequests: URLSearchParams[] = [];

  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url !== "https://oauth2.googleapis.com/token") throw new Error(`Unexpected fetch ${request.url}`);
    const form = new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
    tokenRequests.push(form);
    const expectedAuth = `Basic ${btoa(`${GOOGLE_SECRETS.GOOGLE_CLIENT_ID}:${GOOGLE_SECRETS.GOOGLE_CLIENT_SECRET}`)}`;
    if (request.headers.get("Authorization") !== expectedAuth)
      return Response.json({ error: "invalid_client" }, { status: 401 });
    const grant = codes.get(form.get("code") ?? "");
    if (!grant) return Response.json({ error: "invalid_grant", error_description: "Bad Request" }, { status: 400 });
    codes.delete(form.get("code") ?? "");
    if (form.get("redirect_uri") !== grant.redirectUri)
      return Response.json({ error: "redirect_uri_mismatch" }, { status: 400 });
    if ((await s256(form.get("code_verifier") ?? "")) !== grant.codeChallenge) {
      return Response.json({ error: "invalid_grant", error_description: "Invalid code verifier." }, { status: 400 });
    }
    const idToken = [
      base64UrlEncode(JSON.stringify({ alg: "RS256", kid: "google-test", typ: "JWT" })),
      base64UrlEncode(JSON.stringify(grant.claims)),
      base64UrlEncode("signature-not-checked"),
    ].join(".");
    return Response.json({
      access_token: "ya29.test",
      expires_in: 3599,
      token_type: "Bearer",
      scope: "openid email profile",
      id_token: idToken,
    });
  });

  return {
    spy,
    tokenRequests,
    /**
     * The person consents at Google: returns the code Google would send to the callback.
     * `claims` override the ID token Google will issue for it.
     */
    authorize(authorizationUrl: URL, claims: Claims = {}): string {
      if (authorizationUrl.origin + authorizationUrl.pathname !== "https://accounts.google.com/o/oauth2/v2/auth") {
        throw new Error(`Not a Google authorization URL: ${authorizationUrl}`);
      }
      const params = authorizationUrl.searchParams;
      if (params.get("code_challenge_method") !== "S256") throw new Error("PKCE S256 expected");
      const code = `google-code-${crypto.randomUUID()}`;
      codes.set(code, {
        codeChallenge: params.get("code_challenge") ?? "",
        redirectUri: params.get("redirect_uri") ?? "",
        claims: {
          iss: "https://accounts.google.com",
          aud: params.get("client_id"),
          sub: `google-${crypto.randomUUID()}`,
          email: "someone@gmail.example",
          email_verified: true,
          name: "Someone Example",
          iat: nowSeconds(),
          exp: nowSeconds() + 3600,
          ...claims,
        },
      });
      return code;
    },
  };
}

// --- Apple --------------------------------------------------------------------------------

export interface AppleFixture {
  secrets: SecretOverrides;
  /** The key Apple signs ID tokens with (its public half is served at /auth/keys). */
  idTokenKey: CryptoKeyPair;
  /** The developer's key from Apple (its private half is APPLE_PRIVATE_KEY). */
  clientKey: CryptoKeyPair;
}

export async function appleFixture(): Promise<AppleFixture> {
  const clientKey = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const pkcs8 = new Uint8Array((await crypto.subtle.exportKey("pkcs8", clientKey.privateKey)) as ArrayBuffer);
  const base64 = btoa(String.fromCharCode(...pkcs8));
  const pem = `-----BEGIN PRIVATE KEY-----\n${base64.match(/.{1,64}/g)!.join("\n")}\n-----END PRIVATE KEY-----\n`;
  const idTokenKey = (await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  return {
    secrets: {
      APPLE_CLIENT_ID: "com.squeeze.web",
      APPLE_TEAM_ID: "TEAM123456",
      APPLE_KEY_ID: "KEY7654321",
      APPLE_PRIVATE_KEY: pem,
    },
    idTokenKey,
    clientKey,
  };
}

async function signRs256(key: CryptoKey, header: Claims, payload: Claims): Promise<string> {
  const message = `${base64UrlEncode(JSON.stringify(header))}.${base64UrlEncode(JSON.stringify(payload))}`;
  const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", key, new TextEncoder().encode(message));
  return `${message}.${base64UrlEncode(new Uint8Array(signature))}`;
}

/**
 * Apple's token endpoint and key set: the client secret must be an ES256 JWT signed with the
 * developer's key for this team, key id and Services ID; a code works once; the ID token is
 * RS256-signed with the key published at /auth/keys and carries the authorization's nonce.
 */
export function fakeApple(fixture: AppleFixture) {
  const codes = new Map<string, { redirectUri: string; claims: Claims; signingKey: CryptoKey }>();
  const clientSecretProblems: string[] = [];

  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url === "https://appleid.apple.com/auth/keys") {
      const jwk = (await crypto.subtle.exportKey("jwk", fixture.idTokenKey.publicKey)) as JsonWebKey;
      return Response.json({
        keys: [{ kty: "RSA", kid: "apple-test-key", use: "sig", alg: "RS256", n: jwk.n, e: jwk.e }],
      });
    }
    if (request.url !== "https://appleid.apple.com/auth/token") throw new Error(`Unexpected fetch ${request.url}`);
    const form = new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
    const problem = await clientSecretProblem(fixture, form.get("client_secret") ?? "", form.get("client_id") ?? "");
    if (problem) {
      clientSecretProblems.push(problem);
      return Response.json({ error: "invalid_client" }, { status: 400 });
    }
    const grant = codes.get(form.get("code") ?? "");
    if (!grant) return Response.json({ error: "invalid_grant" }, { status: 400 });
    codes.delete(form.get("code") ?? "");
    if (form.get("redirect_uri") !== grant.redirectUri)
      return Response.json({ error: "invalid_grant" }, { status: 400 });
    const idToken = await signRs256(grant.signingKey, { alg: "RS256", kid: "apple-test-key" }, grant.claims);
    return Response.json({
      access_token: "apple-access",
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: "apple-refresh",
      id_token: idToken,
    });
  });

  return {
    spy,
    clientSecretProblems,
    /**
     * The person consents at Apple. Returns the fields Apple posts to the callback; `user` only
     * when `firstAuthorization` is set, as Apple does.
     */
    authorize(
      authorizationUrl: URL,
      options: {
        subject: string;
        email: string;
        firstName?: string;
        lastName?: string;
        firstAuthorization?: boolean;
        claims?: Claims;
        signingKey?: CryptoKey;
      },
    ): Record<string, string> {
      const params = authorizationUrl.searchParams;
      if (authorizationUrl.origin + authorizationUrl.pathname !== "https://appleid.apple.com/auth/authorize") {
        throw new Error(`Not an Apple authorization URL: ${authorizationUrl}`);
      }
      if (params.get("response_mode") !== "form_post")
        throw new Error("Apple requires form_post for name/email scopes");
      const code = `apple-code-${crypto.randomUUID()}`;
      codes.set(code, {
        redirectUri: params.get("redirect_uri") ?? "",
        signingKey: options.signingKey ?? fixture.idTokenKey.privateKey,
        claims: {
          iss: "https://appleid.apple.com",
          aud: params.get("client_id"),
          sub: options.subject,
          email: options.email,
          email_verified: "true",
          nonce: params.get("nonce"),
          nonce_supported: true,
          iat: nowSeconds(),
          exp: nowSeconds() + 600,
          ...options.claims,
        },
      });
      const fields: Record<string, string> = { code, state: params.get("state") ?? "" };
      if (options.firstAuthorization) {
        fields.user = JSON.stringify({
          name: { firstName: options.firstName, lastName: options.lastName },
          email: options.email,
        });
      }
      return fields;
    },
  };
}

async function clientSecretProblem(
  fixture: AppleFixture,
  clientSecret: string,
  clientId: string,
): Promise<string | null> {
  const [header, payload, signature] = clientSecret.split(".");
  if (!header || !payload || !signature) return "client_secret is not a JWT";
  const valid = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    fixture.clientKey.publicKey,
    base64UrlDecode(signature),
    new TextEncoder().encode(`${header}.${payload}`),
  );
  if (!valid) return "client_secret signature invalid";
  const head = decodeJwtPart(header);
  const claims = decodeJwtPart(payload);
  if (head.alg !== "ES256" || head.kid !== fixture.secrets.APPLE_KEY_ID) return "client_secret header wrong";
  if (claims.iss !== fixture.secrets.APPLE_TEAM_ID) return "client_secret iss is not the team id";
  if (claims.sub !== fixture.secrets.APPLE_CLIENT_ID || clientId !== fixture.secrets.APPLE_CLIENT_ID)
    return "client id wrong";
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audience.includes("https://appleid.apple.com")) return "client_secret aud wrong";
  if (typeof claims.exp !== "number" || claims.exp <= nowSeconds()) return "client_secret expired";
  return null;
}
