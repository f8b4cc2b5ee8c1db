import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "#worker/db/client";
import { users } from "#worker/db/schema";
import { type AppleFixture, appleFixture, Browser, fakeApple, location, setCookies } from "./auth-fakes";

const db = getDb(env.DB);
const SITE = "https://squeeze.example";
let fixture: AppleFixture;

beforeAll(async () => {
  fixture = await appleFixture();
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function startApple(browser: Browser, mode: "popup" | "redirect" = "popup", returnTo = "/menu") {
  const start = await browser.fetch(`/api/auth/apple/start?${new URLSearchParams({ mode, returnTo })}`);
  expect(start.status).toBe(302);
  return location(start);
}

/** Apple's page posts the answer from its own site to our callback. */
function postFromApple(browser: Browser, fields: Record<string, string>) {
  return browser.postForm("/api/auth/apple/callback", fields, {
    Origin: "https://appleid.apple.com",
    "Sec-Fetch-Site": "cross-site",
  });
}

describe("Apple sign-in", () => {
  it("sends the browser to Apple asking for name and email by form_post, with state and nonce", async () => {
    const browser = new Browser(fixture.secrets, SITE);
    const url = await startApple(browser);
    expect(url.origin + url.pathname).toBe("https://appleid.apple.com/auth/authorize");
    expect(url.searchParams.get("client_id")).toBe("com.squeeze.web");
    expect(url.searchParams.get("redirect_uri")).toBe("https://squeeze.example/api/auth/apple/callback");
    expect(url.searchParams.get("response_mode")).toBe("form_post");
    expect(url.searchParams.get("scope")).toBe("name email");
    expect(url.searchParams.get("state")!.length).toBeGreaterThanOrEqual(32);
    expect(url.searchParams.get("nonce")!.length).toBeGreaterThanOrEqual(32);
  });

  it("keeps the state cookie alive through Apple's cross-site POST: SameSite=None; Secure, short-lived, __Host-", async () => {
    const browser = new Browser(fixture.secrets, SITE);
    const start = await browser.fetch("/api/auth/apple/start?mode=popup");
    const cookie = setCookies(start).find((candidate) => candidate.name === "__Host-squeeze_auth_apple")!;
    expect(cookie.attributes).toMatch(/SameSite=None/);
    expect(cookie.attributes).toMatch(/Secure/);
    expect(cookie.attributes).toMatch(/HttpOnly/);
    expect(cookie.attributes).toMatch(/Path=\//);
    expect(cookie.attributes).toMatch(/Max-Age=600/);
  });

  it("stores the name Apple sends on the first authorization and keeps it on later ones", async () => {
    const apple = fakeApple(fixture);
    const subject = `001234.${crypto.randomUUID()}`;
    const first = new Browser(fixture.secrets, SITE);
    const firstFields = apple.authorize(await startApple(first), {
      subject,
      email: "k8x2@privaterelay.appleid.example",
      firstName: "Mia",
      lastName: "Chen",
      firstAuthorization: true,
    });
    const callback = await postFromApple(first, firstFields);
    expect(apple.clientSecretProblems).toEqual([]);
    expect(callback.status).toBe(200);
    const html = await callback.text();
    expect(html).toContain('data-provider="apple"');
    expect(html).toContain('data-ok="true"');
    expect(callback.headers.get("Cross-Origin-Opener-Policy")).toBe("unsafe-none");
    const me = await first.me();
    expect(me).toMatchObject({
      username: "Mia Chen",
      email: "k8x2@privaterelay.appleid.example",
      isAuthenticated: true,
    });

    // Apple sends no `user` field after the first time; the name must survive.
    const later = new Browser(fixture.secrets, SITE);
    const laterFields = apple.authorize(await startApple(later), {
      subject,
      email: "k8x2@privaterelay.appleid.example",
    });
    expect(laterFields.user).toBeUndefined();
    await postFromApple(later, laterFields);
    expect(await later.me()).toMatchObject({ uid: me.uid, username: "Mia Chen", isAuthenticated: true });
    expect((await db.query.users.findFirst({ where: eq(users.id, me.uid) }))?.username).toBe("Mia Chen");
  });

  it("does not let a later authorization's name overwrite the stored one", async () => {
    const apple = fakeApple(fixture);
    const subject = `001234.${crypto.randomUUID()}`;
    const first = new Browser(fixture.secrets, SITE);
    await postFromApple(
      first,
      apple.authorize(await startApple(first), {
        subject,
        email: "a@icloud.example",
        firstName: "Noah",
        firstAuthorization: true,
      }),
    );
    const again = new Browser(fixture.secrets, SITE);
    await postFromApple(
      again,
      apple.authorize(await startApple(again), {
        subject,
        email: "a@icloud.example",
        firstName: "Someone",
        lastName: "Else",
        firstAuthorization: true,
      }),
    );
    expect((await again.me()).username).toBe("Noah");
  });

  it("redirect mode goes back to returnTo after Apple's POST", async () => {
    const apple = fakeApple(fixture);
    const browser = new Browser(fixture.secrets, SITE);
    const fields = apple.authorize(await startApple(browser, "redirect", "/checkout"), {
      subject: `s.${crypto.randomUUID()}`,
      email: "r@icloud.example",
    });
    const callback = await postFromApple(browser, fields);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("Location")).toBe("/checkout?auth=success&provider=apple");
    expect((await browser.me()).isAuthenticated).toBe(true);
  });

  describe("ends in the failure completion when", () => {
    async function expectFailure(browser: Browser, response: Response) {
      const html = await response.text();
      expect(html).toContain('data-provider="apple"');
      expect(html).toContain('data-ok="false"');
      expect((await browser.me()).isAuthenticated).toBe(false);
    }

    it("the posted state is not this browser's", async () => {
      const apple = fakeApple(fixture);
      const browser = new Browser(fixture.secrets, SITE);
      const fields = apple.authorize(await startApple(browser), { subject: "x", email: "x@icloud.example" });
      await expectFailure(
        browser,
        await postFromApple(browser, { ...fields, state: "someone-elses-state-0000000000000" }),
      );
    });

    it("the browser has no attempt (missing cookie) or replays a used one", async () => {
      const apple = fakeApple(fixture);
      const browser = new Browser(fixture.secrets, SITE);
      const fields = apple.authorize(await startApple(browser), {
        subject: `s.${crypto.randomUUID()}`,
        email: "p@icloud.example",
      });
      const stranger = new Browser(fixture.secrets, SITE);
      await expectFailure(stranger, await postFromApple(stranger, fields));

      await postFromApple(browser, fields); // the real one
      await browser.fetch("/api/auth/logout", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });
      await expectFailure(browser, await postFromApple(browser, fields));
    });

    it("the ID token's nonce belongs to another attempt", async () => {
      const apple = fakeApple(fixture);
      const browser = new Browser(fixture.secrets, SITE);
      const fields = apple.authorize(await startApple(browser), {
        subject: "n",
        email: "n@icloud.example",
        claims: { nonce: "another-attempts-nonce" },
      });
      await expectFailure(browser, await postFromApple(browser, fields));
    });

    it.each([
      ["minted for another client", { aud: "com.other.app" }],
      ["expired", { exp: Math.floor(Date.now() / 1000) - 1 }],
    ])("the ID token is %s", async (_label, claims) => {
      const apple = fakeApple(fixture);
      const browser = new Browser(fixture.secrets, SITE);
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const fields = apple.authorize(await startApple(browser), { subject: "t", email: "t@icloud.example", claims });
      await expectFailure(browser, await postFromApple(browser, fields));
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Apple sign-in failed: Apple ID token/));
    });

    it("the ID token is not signed by Apple's published key", async () => {
      const apple = fakeApple(fixture);
      const forger = (await crypto.subtle.generateKey(
        { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
        true,
        ["sign", "verify"],
      )) as CryptoKeyPair;
      const browser = new Browser(fixture.secrets, SITE);
      const fields = apple.authorize(await startApple(browser), {
        subject: "f",
        email: "f@icloud.example",
        signingKey: forger.privateKey,
      });
      await expectFailure(browser, await postFromApple(browser, fields));
    });

    it("the person cancels at Apple", async () => {
      const browser = new Browser(fixture.secrets, SITE);
      const url = await startApple(browser);
      await expectFailure(
        browser,
        await postFromApple(browser, { error: "user_cancelled_authorize", state: url.searchParams.get("state")! }),
      );
    });
  });

  it("answers 500 auth_misconfigured when the private key is missing or unreadable", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const withoutKey = new Browser({ ...fixture.secrets, APPLE_PRIVATE_KEY: undefined }, SITE);
    const missing = await withoutKey.fetch("/api/auth/apple/start?mode=popup");
    expect(missing.status).toBe(500);
    expect(await missing.json()).toEqual({
      error: { code: "auth_misconfigured", message: "Apple sign-in is not configured correctly" },
    });

    const garbled = new Browser({ ...fixture.secrets, APPLE_PRIVATE_KEY: "not a key" }, SITE);
    expect((await garbled.fetch("/api/auth/apple/start?mode=popup")).status).toBe(500);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("APPLE_PRIVATE_KEY"));
  });

  it("accepts the key pasted with literal \\n sequences", async () => {
    const apple = fakeApple(fixture);
    const pastedKey = fixture.secrets.APPLE_PRIVATE_KEY!.replaceAll("\n", "\\n");
    const browser = new Browser({ ...fixture.secrets, APPLE_PRIVATE_KEY: pastedKey }, SITE);
    const fields = apple.authorize(await startApple(browser), {
      subject: `s.${crypto.randomUUID()}`,
      email: "k@icloud.example",
    });
    await postFromApple(browser, fields);
    expect(apple.clientSecretProblems).toEqual([]);
    expect((await browser.me()).isAuthenticated).toBe(true);
  });
});
