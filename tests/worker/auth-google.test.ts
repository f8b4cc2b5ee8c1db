import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "#worker/db/client";
import { providerAccounts, users } from "#worker/db/schema";
import { Browser, fakeGoogle, GOOGLE_SECRETS, location, setCookies } from "./auth-fakes";
import { startOfRateLimitWindow } from "./helpers";

const db = getDb(env.DB);

afterEach(() => {
  vi.restoreAllMocks();
});

/** Start → Google → callback, as the popup does it; returns what the callback answered. */
async function signInWithGoogle(
  browser: Browser,
  google: ReturnType<typeof fakeGoogle>,
  options: { claims?: Record<string, unknown>; mode?: "popup" | "redirect"; returnTo?: string } = {},
) {
  const query = new URLSearchParams({ mode: options.mode ?? "popup", returnTo: options.returnTo ?? "/menu" });
  const start = await browser.fetch(`/api/auth/google/start?${query}`);
  expect(start.status).toBe(302);
  const authorizationUrl = location(start);
  const code = google.authorize(authorizationUrl, options.claims);
  const state = authorizationUrl.searchParams.get("state")!;
  const callbackPath = `/api/auth/google/callback?${new URLSearchParams({ code, state })}`;
  const callback = await browser.fetch(callbackPath);
  return { authorizationUrl, callback, callbackPath, code, state };
}

function expectFailedPopup(html: string) {
  expect(html).toContain('data-provider="google"');
  expect(html).toContain('data-ok="false"');
}

describe("Google sign-in", () => {
  it("sends the browser to Google with state, PKCE (S256), our client id and our callback", async () => {
    const browser = new Browser(GOOGLE_SECRETS);
    const start = await browser.fetch("/api/auth/google/start?mode=popup&returnTo=/menu");
    expect(start.status).toBe(302);
    const url = location(start);
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(url.searchParams.get("client_id")).toBe(GOOGLE_SECRETS.GOOGLE_CLIENT_ID);
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:5173/api/auth/google/callback");
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("state")!.length).toBeGreaterThanOrEqual(32);
    // The verifier stays in an HttpOnly cookie, never in the URL.
    const attemptCookie = setCookies(start).find((cookie) => cookie.name === "squeeze_auth_google")!;
    expect(attemptCookie.attributes).toMatch(/HttpOnly/);
    expect(attemptCookie.attributes).toMatch(/SameSite=Lax/);
    expect(attemptCookie.attributes).toMatch(/Max-Age=600/);
  });

  it("signs a new person in through the popup: user, profile, session and a report to the opener", async () => {
    const google = fakeGoogle();
    const browser = new Browser(GOOGLE_SECRETS);
    const subject = `google-${crypto.randomUUID()}`;
    const { callback } = await signInWithGoogle(browser, google, {
      claims: { sub: subject, name: "Priya Patel", email: "priya@gmail.example" },
    });

    expect(callback.status).toBe(200);
    expect(callback.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await callback.text();
    expect(html).toContain('data-provider="google"');
    expect(html).toContain('data-ok="true"');
    expect(html).toContain('<script src="/api/auth/popup-complete.js" defer></script>');
    expect(html).not.toMatch(/<script>(?!<\/script>)/); // no inline script
    // The popup keeps window.opener when it returns from Google's site.
    expect(callback.headers.get("Cross-Origin-Opener-Policy")).toBe("unsafe-none");
    expect(callback.headers.get("Content-Security-Policy")).toContain("script-src 'self'");

    const me = await browser.me();
    expect(me).toMatchObject({
      username: "Priya Patel",
      email: "priya@gmail.example",
      phone: "",
      isAuthenticated: true,
    });
    const account = await db.query.providerAccounts.findFirst({
      where: and(eq(providerAccounts.provider, "google"), eq(providerAccounts.subject, subject)),
    });
    expect(account?.userId).toBe(me.uid);
    const profile = await db.query.users.findFirst({ where: eq(users.id, me.uid) });
    expect(profile).toMatchObject({ username: "Priya Patel", email: "priya@gmail.example", phone: null });
    expect(Date.parse(profile!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("serves the popup script that posts { source, provider, ok } to its own origin and closes", async () => {
    const script = await new Browser().fetch("/api/auth/popup-complete.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    const source = await script.text();
    expect(source).toContain('source: "squeeze-auth"');
    expect(source).toContain("postMessage(message, window.location.origin)");
    expect(source).toContain("window.close()");
    // Still heard when the trip through the provider severed window.opener.
    expect(source).toContain(`new BroadcastChannel("squeeze-auth")`);
  });

  it("sets a session cookie that is HttpOnly, SameSite=Lax, site-wide, and Secure with __Host- on https", async () => {
    const google = fakeGoogle();
    const secure = new Browser(GOOGLE_SECRETS, "https://squeeze.example");
    const { callback } = await signInWithGoogle(secure, google);
    const sessionCookie = setCookies(callback).find((cookie) => cookie.name === "__Host-squeeze_session")!;
    expect(sessionCookie.value).toMatch(/^[\w-]{43}$/); // 256 random bits, base64url
    expect(sessionCookie.attributes).toMatch(/HttpOnly/);
    expect(sessionCookie.attributes).toMatch(/Secure/);
    expect(sessionCookie.attributes).toMatch(/SameSite=Lax/);
    expect(sessionCookie.attributes).toMatch(/Path=\//);
    expect(sessionCookie.attributes).not.toMatch(/Domain=/);
    expect((await secure.me()).isAuthenticated).toBe(true);

    const local = new Browser(GOOGLE_SECRETS);
    const { callback: localCallback } = await signInWithGoogle(local, google);
    const localCookie = setCookies(localCallback).find((cookie) => cookie.name === "squeeze_session")!;
    expect(localCookie.attributes).toMatch(/HttpOnly/);
    expect(localCookie.attributes).toMatch(/SameSite=Lax/);
    expect(localCookie.attributes).not.toMatch(/Secure/);
  });

  it("gives a fresh session token at every sign-in and ends the one it replaces", async () => {
    const google = fakeGoogle();
    const browser = new Browser(GOOGLE_SECRETS);
    const sub = `google-${crypto.randomUUID()}`;
    await signInWithGoogle(browser, google, { claims: { sub } });
    const firstToken = browser.cookies.get("squeeze_session")!;
    await signInWithGoogle(browser, google, { claims: { sub } });
    const secondToken = browser.cookies.get("squeeze_session")!;
    expect(secondToken).not.toBe(firstToken);
    const stale = await browser.fetch("/api/me", { headers: { Cookie: `squeeze_session=${firstToken}` } });
    expect((await stale.json<{ isAuthenticated: boolean }>()).isAuthenticated).toBe(false);
  });

  it("redirect mode goes back to returnTo with the outcome in the query", async () => {
    const google = fakeGoogle();
    const browser = new Browser(GOOGLE_SECRETS);
    const { callback } = await signInWithGoogle(browser, google, {
      mode: "redirect",
      returnTo: "/categories/cat-fresh-juices/products/prd-sunrise-orange?size=large",
    });
    expect(callback.status).toBe(302);
    expect(callback.headers.get("Location")).toBe(
      "/categories/cat-fresh-juices/products/prd-sunrise-orange?size=large&auth=success&provider=google",
    );
    expect((await browser.me()).isAuthenticated).toBe(true);

    const { callback: failed } = await signInWithGoogle(browser, google, {
      mode: "redirect",
      returnTo: "/checkout",
      claims: { aud: "someone-else" },
    });
    expect(failed.status).toBe(302);
    expect(failed.headers.get("Location")).toBe("/checkout?auth=failed&provider=google");
  });

  it("refuses a returnTo that leaves the site", async () => {
    const browser = new Browser(GOOGLE_SECRETS);
    for (const returnTo of ["//evil.example/", "https://evil.example/", "/\\evil.example", "menu"]) {
      const response = await browser.fetch(`/api/auth/google/start?${new URLSearchParams({ returnTo })}`);
      expect(response.status, returnTo).toBe(400);
      expect(await response.json(), returnTo).toMatchObject({ error: { code: "invalid_input", field: "returnTo" } });
    }
  });

  it("keeps an existing user's profile as it is on a later sign-in", async () => {
    const google = fakeGoogle();
    const sub = `google-${crypto.randomUUID()}`;
    const first = new Browser(GOOGLE_SECRETS);
    await signInWithGoogle(first, google, { claims: { sub, name: "Original Name", email: "original@gmail.example" } });
    const { uid } = await first.me();
    await db.update(users).set({ phone: "+1 714 555 0100" }).where(eq(users.id, uid));

    const later = new Browser(GOOGLE_SECRETS);
    await signInWithGoogle(later, google, { claims: { sub, name: "Renamed At Google", email: "new@gmail.example" } });
    expect(await later.me()).toEqual({
      uid,
      username: "Original Name",
      email: "original@gmail.example",
      phone: "+1 714 555 0100",
      isAuthenticated: true,
      staff: null,
      shopId: null,
    });
  });

  it("finds users by provider account, never by e-mail alone", async () => {
    const google = fakeGoogle();
    const email = `shared-${crypto.randomUUID()}@gmail.example`;
    const one = new Browser(GOOGLE_SECRETS);
    await signInWithGoogle(one, google, { claims: { email } });
    const other = new Browser(GOOGLE_SECRETS);
    await signInWithGoogle(other, google, { claims: { email } });
    expect((await one.me()).uid).not.toBe((await other.me()).uid);
  });

  describe("ends in the failure completion, signed out, when", () => {
    it("the state does not match this browser's attempt", async () => {
      const google = fakeGoogle();
      const browser = new Browser(GOOGLE_SECRETS);
      const start = await browser.fetch("/api/auth/google/start?mode=popup&returnTo=/");
      const code = google.authorize(location(start));
      const response = await browser.fetch(
        `/api/auth/google/callback?code=${code}&state=forged-state-value-000000000000`,
      );
      expectFailedPopup(await response.text());
      expect((await browser.me()).isAuthenticated).toBe(false);
      expect(google.tokenRequests).toHaveLength(0); // the code was never even exchanged
    });

    it("the callback has no state, or the browser has no attempt", async () => {
      const google = fakeGoogle();
      const browser = new Browser(GOOGLE_SECRETS);
      const start = await browser.fetch("/api/auth/google/start?mode=popup");
      const code = google.authorize(location(start));
      expectFailedPopup(await (await browser.fetch(`/api/auth/google/callback?code=${code}`)).text());

      // Someone else's callback link opened in a browser that never started a sign-in (login CSRF).
      const victim = new Browser(GOOGLE_SECRETS);
      const attacker = new Browser(GOOGLE_SECRETS);
      const attackerStart = location(await attacker.fetch("/api/auth/google/start?mode=redirect"));
      const attackerCode = google.authorize(attackerStart);
      const response = await victim.fetch(
        `/api/auth/google/callback?code=${attackerCode}&state=${attackerStart.searchParams.get("state")}`,
      );
      expect(response.status).toBe(200); // unknown mode: the page that reports or goes home
      expectFailedPopup(await response.text());
      expect((await victim.me()).isAuthenticated).toBe(false);
    });

    it("the same callback is replayed after it was used", async () => {
      const google = fakeGoogle();
      const browser = new Browser(GOOGLE_SECRETS);
      const { callback, callbackPath } = await signInWithGoogle(browser, google);
      expect(await callback.text()).toContain('data-ok="true"');
      // The attempt cookie was consumed by the first use.
      expect(browser.cookies.has("squeeze_auth_google")).toBe(false);
      await browser.fetch("/api/auth/logout", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });

      expectFailedPopup(await (await browser.fetch(callbackPath)).text());
      expect((await browser.me()).isAuthenticated).toBe(false);
    });

    it("the PKCE verifier does not match the challenge Google saw", async () => {
      const google = fakeGoogle();
      const browser = new Browser(GOOGLE_SECRETS);
      const firstStart = location(await browser.fetch("/api/auth/google/start?mode=popup"));
      const code = google.authorize(firstStart);
      // A second start replaces this browser's attempt (new state and verifier); an attacker who
      // injects a code from the first attempt with the second state still lacks the verifier.
      const secondStart = location(await browser.fetch("/api/auth/google/start?mode=popup"));
      const response = await browser.fetch(
        `/api/auth/google/callback?code=${code}&state=${secondStart.searchParams.get("state")}`,
      );
      expectFailedPopup(await response.text());
      expect(google.tokenRequests).toHaveLength(1);
      // A PKCE verifier (RFC 7636: 43 to 128 unreserved characters), the second attempt's.
      expect(google.tokenRequests[0]!.get("code_verifier")).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
      expect((await browser.me()).isAuthenticated).toBe(false);
    });

    it("Google reports an error (e.g. the person cancelled)", async () => {
      const browser = new Browser(GOOGLE_SECRETS);
      const start = location(await browser.fetch("/api/auth/google/start?mode=popup"));
      const response = await browser.fetch(
        `/api/auth/google/callback?error=access_denied&state=${start.searchParams.get("state")}`,
      );
      expectFailedPopup(await response.text());
    });

    it.each([
      ["minted for another client", { aud: "another-app.apps.example" }],
      ["expired", { exp: Math.floor(Date.now() / 1000) - 10 }],
      ["from another issuer", { iss: "https://evil.example" }],
      ["for an unverified e-mail", { email_verified: false }],
    ])("the ID token is %s", async (_label, claims) => {
      const google = fakeGoogle();
      const browser = new Browser(GOOGLE_SECRETS);
      const logged = vi.spyOn(console, "warn").mockImplementation(() => {});
      const { callback } = await signInWithGoogle(browser, google, { claims });
      const html = await callback.text();
      expectFailedPopup(html);
      expect(html).not.toMatch(/at \w+ \(|Error:/); // no stack trace or error text reaches the page
      expect(logged).toHaveBeenCalledWith(
        expect.stringMatching(/^Google sign-in failed: Google (ID token|account e-mail)/),
      );
      expect((await browser.me()).isAuthenticated).toBe(false);
    });
  });

  it("answers 500 auth_misconfigured when only some Google secrets are set, and the menu still works", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const browser = new Browser({ GOOGLE_CLIENT_ID: "only-the-id" });
    const response = await browser.fetch("/api/auth/google/start?mode=popup");
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: { code: "auth_misconfigured", message: "Google sign-in is not configured correctly" },
    });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("GOOGLE_CLIENT_SECRET"));
    expect((await browser.fetch("/api/auth/google/callback?code=x&state=y")).status).toBe(500);
    expect((await browser.fetch("/api/categories")).status).toBe(200);
  });

  it("limits sign-in attempts per client with 429", async () => {
    await startOfRateLimitWindow();
    const browser = new Browser(GOOGLE_SECRETS);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt++) {
      statuses.push((await browser.fetch("/api/auth/google/start?mode=popup")).status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 302)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const limited = await browser.fetch("/api/auth/google/start?mode=popup");
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect(await limited.json()).toMatchObject({ error: { code: "rate_limited" } });
    // Another client is unaffected.
    expect((await new Browser(GOOGLE_SECRETS).fetch("/api/auth/google/start?mode=popup")).status).toBe(302);
  });
});
