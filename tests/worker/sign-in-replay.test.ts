import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "#worker/db/client";
import { signInAttempts } from "#worker/db/schema";
import {
  type AppleFixture,
  appleFixture,
  Browser,
  fakeApple,
  fakeGoogle,
  GOOGLE_SECRETS,
  location,
  setCookies,
} from "./auth-fakes";

const db = getDb(env.DB);
let fixture: AppleFixture;

beforeAll(async () => {
  fixture = await appleFixture();
});

afterEach(() => vi.restoreAllMocks());

const newSession = (response: Response) =>
  setCookies(response).some((cookie) => /squeeze_session$/.test(cookie.name) && cookie.value !== "");

/** The cookie header of a browser right after start: what an attacker copying it would hold. */
const cookieHeader = (browser: Browser) => [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");

interface Provider {
  name: string;
  secrets: () => Record<string, string | undefined>;
  site: string;
  /** One answer from the provider (a fresh code each time for the same authorization URL). */
  answer: (start: URL) => () => Promise<(browser: Browser, cookie: string) => Promise<Response>>;
}

const providers: Provider[] = [
  {
    name: "Google",
    secrets: () => GOOGLE_SECRETS,
    site: "http://localhost:5173",
    answer: (start) => {
      const google = fakeGoogle();
      return async () => {
        const code = google.authorize(start, { sub: "google-replay-person" });
        const state = start.searchParams.get("state")!;
        return (browser, cookie) =>
          browser.fetch(`/api/auth/google/callback?${new URLSearchParams({ code, state })}`, {
            headers: { Cookie: cookie },
          });
      };
    },
  },
  {
    name: "Apple",
    secrets: () => fixture.secrets,
    site: "https://squeeze.example",
    answer: (start) => {
      const apple = fakeApple(fixture);
      return async () => {
        const fields = apple.authorize(start, {
          subject: "001.apple-replay-person",
          email: "replay@privaterelay.example",
        });
        return (browser, cookie) =>
          browser.fetch("/api/auth/apple/callback", {
            method: "POST",
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              Origin: "https://appleid.apple.com",
              Cookie: cookie,
            },
            body: new URLSearchParams(fields).toString(),
          });
      };
    },
  },
  {
    name: "the local stand-in",
    secrets: () => ({ APP_ENV: "development" }),
    site: "http://localhost:5173",
    answer: (start) => async () => {
      const state = start.searchParams.get("state")!;
      return (browser, cookie) =>
        browser.fetch("/api/auth/google/dev-consent", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: browser.origin, Cookie: cookie },
          body: new URLSearchParams({ state, name: "Ada Lovelace", email: "ada.replay@example.com" }).toString(),
        });
    },
  },
];

async function start(provider: Provider) {
  const browser = new Browser(provider.secrets(), provider.site);
  const path = provider.name === "Apple" ? "/api/auth/apple/start?mode=popup" : "/api/auth/google/start?mode=popup";
  const response = await browser.fetch(path);
  expect(response.status).toBe(302);
  return { browser, url: location(response), cookie: cookieHeader(browser) };
}

describe("a sign-in attempt completes at most once", () => {
  for (const provider of providers) {
    describe(provider.name, () => {
      it("the same state and attempt cookie sent again (with a fresh answer from the provider) gets no second session", async () => {
        const { browser, url, cookie } = await start(provider);
        const answer = provider.answer(url);
        const first = await (await answer())(browser, cookie);
        expect(await first.text()).toContain('data-ok="true"');
        expect(newSession(first)).toBe(true);

        for (let replay = 0; replay < 3; replay += 1) {
          const again = await (await answer())(browser, cookie);
          expect(await again.text()).toContain('data-ok="false"');
          expect(newSession(again)).toBe(false);
        }
      });

      it("two uses sent at the same moment make exactly one session", async () => {
        const { browser, url, cookie } = await start(provider);
        const answer = provider.answer(url);
        const sends = await Promise.all([answer(), answer(), answer()]);
        const responses = await Promise.all(sends.map((send) => send(browser, cookie)));
        const oks = await Promise.all(
          responses.map(async (response) => (await response.text()).includes('data-ok="true"')),
        );
        expect(oks.filter(Boolean)).toHaveLength(1);
        expect(responses.filter(newSession)).toHaveLength(1);
      });

      it("a failed or cancelled use also uses the attempt up", async () => {
        const { browser, url, cookie } = await start(provider);
        // The same cookie with a state that is not its own: fails, and the attempt is gone.
        const wrongState = await browser.fetch(
          provider.name === "Apple"
            ? "/api/auth/apple/callback"
            : provider.name === "Google"
              ? `/api/auth/google/callback?state=not-the-state&code=x`
              : "/api/auth/google/dev-consent",
          provider.name === "Google"
            ? { headers: { Cookie: cookie } }
            : {
                method: "POST",
                headers: {
                  "Content-Type": "application/x-www-form-urlencoded",
                  Origin: provider.name === "Apple" ? "https://appleid.apple.com" : browser.origin,
                  Cookie: cookie,
                },
                body: new URLSearchParams({ state: "not-the-state", code: "x", cancel: "1" }).toString(),
              },
        );
        expect(await wrongState.text()).toContain('data-ok="false"');
        const late = await (await provider.answer(url)())(browser, cookie);
        expect(await late.text()).toContain('data-ok="false"');
        expect(newSession(late)).toBe(false);
      });
    });
  }

  it("an attempt past its lifetime in D1 cannot complete, even with a fresh cookie", async () => {
    const provider = providers[2]!;
    const { browser, url, cookie } = await start(provider);
    await db.update(signInAttempts).set({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    const response = await (await provider.answer(url)())(browser, cookie);
    expect(await response.text()).toContain('data-ok="false"');
    // The stand-in's page says so too, instead of offering a sign-in that cannot finish.
    const page = await browser.fetch(`/api/auth/google/dev-consent?state=${url.searchParams.get("state")}`, {
      headers: { Cookie: cookie },
    });
    expect(page.status).toBe(400);
  });

  it("keeps only a hash of the state, and clears expired attempts as new ones start", async () => {
    const provider = providers[2]!;
    const { url } = await start(provider);
    const state = url.searchParams.get("state")!;
    const rows = await db.select().from(signInAttempts);
    expect(rows.some((row) => row.stateHash === state)).toBe(false);
    await db.update(signInAttempts).set({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    await start(provider);
    const left = await db.select().from(signInAttempts).where(eq(signInAttempts.provider, "google"));
    expect(left).toHaveLength(1);
  });
});
