import type { AuthProvider } from "#common/auth-providers";
import type { Env } from "#worker/env";

export interface GoogleConfig {
  provider: "google";
  clientId: string;
  clientSecret: string;
}

export interface AppleConfig {
  provider: "apple";
  /** The Services ID registered for the web sign-in. */
  clientId: string;
  teamId: string;
  keyId: string;
  /** The DER bytes of the PKCS#8 key Apple issued (the .p8 file's PEM decoded). */
  privateKey: Uint8Array;
}

export type ProviderConfig = GoogleConfig | AppleConfig;

/**
 * What the worker can do for a provider:
 * - `configured`: every secret is present and usable;
 * - `absent`: none is set — only the local stand-in can sign in (when allowed);
 * - `misconfigured`: some are set but not all, or one is unusable. This must fail loudly at the
 *   auth routes, never silently fall back to the stand-in or take the menu down.
 */
export type ProviderSetup =
  | { status: "configured"; config: ProviderConfig }
  | { status: "absent" }
  | { status: "misconfigured"; problem: string };

const SECRET_NAMES = {
  google: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
  apple: ["APPLE_CLIENT_ID", "APPLE_TEAM_ID", "APPLE_KEY_ID", "APPLE_PRIVATE_KEY"],
} as const satisfies Record<AuthProvider, readonly (keyof Env)[]>;

export function providerSetup(env: Env, provider: AuthProvider): ProviderSetup {
  const names = SECRET_NAMES[provider];
  const value = (name: (typeof names)[number]) => env[name]?.trim() ?? "";
  const missing = names.filter((name) => !value(name));
  if (missing.length === names.length) return { status: "absent" };
  if (missing.length > 0) return { status: "misconfigured", problem: `missing ${missing.join(", ")}` };

  if (provider === "google") {
    return {
      status: "configured",
      config: { provider, clientId: value("GOOGLE_CLIENT_ID"), clientSecret: value("GOOGLE_CLIENT_SECRET") },
    };
  }
  const privateKey = decodePkcs8Pem(value("APPLE_PRIVATE_KEY"));
  if (!privateKey) return { status: "misconfigured", problem: "APPLE_PRIVATE_KEY is not a PKCS#8 PEM key" };
  return {
    status: "configured",
    config: {
      provider: "apple",
      clientId: value("APPLE_CLIENT_ID"),
      teamId: value("APPLE_TEAM_ID"),
      keyId: value("APPLE_KEY_ID"),
      privateKey,
    },
  };
}

/**
 * The .p8 file's contents. Secrets pasted through a dashboard or CI often arrive with literal
 * "\n" sequences instead of line breaks, so both are accepted.
 */
export function decodePkcs8Pem(pem: string): Uint8Array | null {
  const normalized = pem.replace(/\\n/g, "\n");
  const match = /-----BEGIN PRIVATE KEY-----([\s\S]+?)-----END PRIVATE KEY-----/.exec(normalized);
  if (!match?.[1]) return null;
  try {
    const binary = atob(match[1].replace(/\s+/g, ""));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

const LOCAL_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The local stand-in consent page may sign people in only when all three hold: the provider has
 * no credentials at all, the worker was started with APP_ENV=development (.dev.vars), and the
 * request is addressed to this machine. A deployed worker has no .dev.vars and is never reached
 * as localhost, so it can never sign anyone in without the real provider.
 */
export function devSignInAllowed(env: Env, provider: AuthProvider, requestUrl: string): boolean {
  if (env.APP_ENV !== "development") return false;
  if (!LOCAL_HOSTNAMES.has(new URL(requestUrl).hostname)) return false;
  return providerSetup(env, provider).status === "absent";
}

/** The redirect URI registered at the provider: https://<host>/api/auth/<provider>/callback. */
export function callbackUrl(requestUrl: string, provider: AuthProvider): string {
  return new URL(`/api/auth/${provider}/callback`, requestUrl).toString();
}
