import { afterEach, describe, expect, it, vi } from "vitest";
import { Browser, GOOGLE_SECRETS, location, setCookies } from "./auth-fakes";

const DEVELOPMENT = { APP_ENV: "development" } as const;

afterEach(() => {
  vi.restoreAllMocks();
});

/** The whole local journey a developer's browser makes: start → stand-in page → consent. */
async function devSignIn(
  browser: Browser,
  provider: "google" | "apple",
  person: { name: string; email: string },
  mode = "popup",
) {
  const start = await browser.fetch(`/api/auth/${provider}/start?${new URLSearchParams({ mode, returnTo: "/menu" })}`);
  expect(start.status).toBe(302);
  const consentUrl = location(start);
  expect(consentUrl.pathname).toBe(`/api/auth/${provider}/dev-consent`);
  const page = await browser.fetch(consentUrl.pathname + consentUrl.search);
  expect(page.status).toBe(200);
  const html = await page.text();
  const state = /name="state" value="([^"]+)"/.exec(html)?.[1];
  expect(state).toBe(consentUrl.searchParams.get("state"));
  const consent = await browser.postForm(
    `/api/auth/${provider}/dev-consent`,
    { state: state!, ...person },
    { Origin: browser.origin, "Sec-Fetch-Site": "same-origin" },
  );
  return { page, html, consent };
}

describe("local stand-in sign-in (no credentials, development, localhost)", () => {
  it("signs a test person in end to end: start → consent page → completion → /api/me", async () => {
    const browser = new Browser(DEVELOPMENT);
    const email = `dev-${crypto.randomUUID()}@example.com`;
    const { page, html, consent } = await devSignIn(browser, "google", { name: "Dev Person", email });

    expect(html).toContain("Sign in with Google");
    expect(html).toContain("Continue as Ada Lovelace");
    expect(html).not.toMatch(/<script|<style|style=/); // CSP: only the same-origin stylesheet
    expect(html).toContain('<link rel="stylesheet" href="/api/auth/auth-pages.css">');
    expect(page.headers.get("Content-Security-Policy")).toContain("style-src 'self'");
    expect(page.headers.get("Cross-Origin-Opener-Policy")).toBe("unsafe-none");
    expect((await browser.fetch("/api/auth/auth-pages.css")).headers.get("Content-Type")).toMatch(/^text\/css/);

    expect(consent.status).toBe(200);
    const completion = await consent.text();
    expect(completion).toContain('data-provider="google"');
    expect(completion).toContain('data-ok="true"');
    expect(setCookies(consent).some((cookie) => cookie.name === "squeeze_session")).toBe(true);
    expect(await browser.me()).toMatchObject({ username: "Dev Person", email, phone: "", isAuthenticated: true });
  });

  it("signs in with Apple the same way, in redirect mode, and the same person comes back as the same user", async () => {
    const first = new Browser(DEVELOPMENT);
    const person = { name: "Grace Hopper", email: `grace-${crypto.randomUUID()}@example.com` };
    const { consent } = await devSignIn(first, "apple", person, "redirect");
    expect(consent.status).toBe(302);
    expect(consent.headers.get("Location")).toBe("/menu?auth=success&provider=apple");
    const { uid } = await first.me();

    const again = new Browser(DEVELOPMENT);
    await devSignIn(again, "apple", { ...person, name: "Renamed" });
    expect(await again.me()).toMatchObject({ uid, username: "Grace Hopper" });
  });

  it("ends in the failure completion when the person cancels or the state is not theirs", async () => {
    const browser = new Browser(DEVELOPMENT);
    const consentUrl = location(await browser.fetch("/api/auth/google/start?mode=popup"));
    const state = consentUrl.searchParams.get("state")!;
    const cancelled = await browser.postForm("/api/auth/google/dev-consent", { state, cancel: "1" });
    expect(await cancelled.text()).toContain('data-ok="false"');

    const other = new Browser(DEVELOPMENT);
    location(await other.fetch("/api/auth/google/start?mode=popup"));
    const forged = await other.postForm("/api/auth/google/dev-consent", {
      state: "not-the-state-000000000000000",
      name: "X",
      email: "x@example.com",
    });
    expect(await forged.text()).toContain('data-ok="false"');
    expect((await other.me()).isAuthenticated).toBe(false);
  });

  describe("is refused", () => {
    async function expectRefused(browser: Browser) {
      const page = await browser.fetch("/api/auth/google/dev-consent?state=whatever-state-value");
      expect(page.status).toBe(404);
      expect(await page.json()).toMatchObject({ error: { code: "not_found" } });
      const consent = await browser.postForm("/api/auth/google/dev-consent", {
        state: "whatever",
        name: "Mallory",
        email: "mallory@example.com",
      });
      expect(consent.status).toBe(404);
      expect(setCookies(consent).some((cookie) => cookie.name.includes("session"))).toBe(false);
      expect((await browser.me()).isAuthenticated).toBe(false);
    }

    it("when APP_ENV is not development (a deployed worker)", async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const browser = new Browser({ APP_ENV: undefined });
      await expectRefused(browser);
      // Without credentials the start route fails loudly instead of falling back to the stand-in.
      const start = await browser.fetch("/api/auth/google/start?mode=popup");
      expect(start.status).toBe(500);
      expect(await start.json()).toMatchObject({ error: { code: "auth_misconfigured" } });
      await expectRefused(new Browser({ APP_ENV: "production" }));
    });

    it("when the request is not addressed to localhost", async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const browser = new Browser(DEVELOPMENT, "https://squeeze.example");
      await expectRefused(browser);
      expect((await browser.fetch("/api/auth/google/start?mode=popup")).status).toBe(500);
    });

    it("when the provider's credentials are set", async () => {
      const browser = new Browser({ ...DEVELOPMENT, ...GOOGLE_SECRETS });
      await expectRefused(browser);
      const start = await browser.fetch("/api/auth/google/start?mode=popup");
      expect(location(start).origin).toBe("https://accounts.google.com");
    });

    it("even with a client id alone (half-configured is an error, not the stand-in)", async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const browser = new Browser({ ...DEVELOPMENT, GOOGLE_CLIENT_ID: "only-the-id" });
      await expectRefused(browser);
      expect((await browser.fetch("/api/auth/google/start?mode=popup")).status).toBe(500);
    });
  });
});
