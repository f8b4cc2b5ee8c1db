import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SHOP_COOKIE } from "#common/locations";
import type { SessionUser } from "#common/session-user";
import { Browser, location, setCookies } from "./auth-fakes";
import { api, json } from "./helpers";
import { createSignedInUser } from "./sign-in";

const DEVELOPMENT = { APP_ENV: "development" } as const;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

afterEach(async () => {
  vi.restoreAllMocks();
  await env.DB.prepare("UPDATE locations SET takes_online_orders = 1").run();
});

function choose(browser: Browser, body: unknown, headers: Record<string, string> = {}) {
  return browser.fetch("/api/shop-choice", {
    method: "PUT",
    headers: { "Content-Type": "application/json", Origin: browser.origin, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

function shopCookie(response: Response) {
  return setCookies(response).find((cookie) => cookie.name === SHOP_COOKIE);
}

async function me(browser: Browser): Promise<SessionUser> {
  return json<SessionUser>(await browser.fetch("/api/me"));
}

/** The local stand-in's sign-in, start to finish, as the browser makes it; answers the completion. */
async function signIn(
  browser: Browser,
  email: string,
  provider: "google" | "apple" = "google",
  beforeConsent = () => {},
) {
  const start = await browser.fetch(`/api/auth/${provider}/start?mode=redirect&returnTo=/menu`);
  const state = location(start).searchParams.get("state")!;
  beforeConsent();
  const consent = await browser.postForm(
    `/api/auth/${provider}/dev-consent`,
    { state, name: "Shop Chooser", email },
    { Origin: browser.origin, "Sec-Fetch-Site": "same-origin" },
  );
  expect(consent.status).toBe(302);
  return consent;
}

async function logOut(browser: Browser): Promise<Response> {
  const response = await browser.fetch("/api/auth/logout", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: browser.origin },
    body: "{}",
  });
  expect(response.status).toBe(204);
  return response;
}

describe("PUT /api/shop-choice", () => {
  it("remembers a guest's shop in a cookie for a year, for the whole site", async () => {
    const browser = new Browser();
    const response = await choose(browser, { locationId: "loc-fullerton" });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ locationId: "loc-fullerton", name: "Squeeze Fullerton" });
    const cookie = shopCookie(response)!;
    expect(cookie.value).toBe("loc-fullerton");
    expect(cookie.attributes).toContain(`Max-Age=${YEAR_SECONDS}`);
    expect(cookie.attributes).toContain("Path=/");
    expect(cookie.attributes).toContain("SameSite=Lax");
    // Plain http (localhost) cannot keep a Secure cookie, as with the session's.
    expect(cookie.attributes).not.toContain("Secure");
    expect(browser.cookies.get(SHOP_COOKIE)).toBe("loc-fullerton");
    expect((await me(browser)).shopId).toBeNull();
  });

  it("makes the cookie Secure on https, like the session cookie", async () => {
    const browser = new Browser({}, "https://squeeze.example");
    const response = await choose(browser, { locationId: "loc-scottsdale" });
    expect(response.status).toBe(200);
    expect(shopCookie(response)!.attributes).toContain("Secure");
  });

  it("keeps a signed-in shopper's choice on the account, which GET /api/me says", async () => {
    const shopper = await createSignedInUser();
    const response = await api("/api/shop-choice", {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: "http://localhost:5173", Cookie: shopper.cookie },
      body: JSON.stringify({ locationId: "loc-scottsdale" }),
    });
    expect(response.status).toBe(200);
    const answer = await json<SessionUser>(await api("/api/me", { headers: { Cookie: shopper.cookie } }));
    expect(answer.shopId).toBe("loc-scottsdale");
    const row = await env.DB.prepare("SELECT location_id FROM users WHERE id = ?").bind(shopper.userId).first();
    expect(row).toEqual({ location_id: "loc-scottsdale" });
  });

  it.each([
    ["an unknown shop", { locationId: "loc-nowhere" }],
    ["an empty id", { locationId: "" }],
    ["an id in capitals", { locationId: "LOC-FULLERTON" }],
    ["a path", { locationId: "../staff" }],
    ["SQL", { locationId: "loc-anaheim' OR '1'='1" }],
    ["a number", { locationId: 7 }],
    ["null", { locationId: null }],
    ["nothing", {}],
    ["a very long id", { locationId: `loc-${"a".repeat(200)}` }],
  ])("refuses %s with a 400 naming locationId, and sets no cookie", async (_label, body) => {
    const browser = new Browser();
    const response = await choose(browser, body);
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ error: { code: "invalid_input", field: "locationId" } });
    expect(shopCookie(response)).toBeUndefined();
  });

  it("refuses fields it does not know", async () => {
    const response = await choose(new Browser(), { locationId: "loc-fullerton", userId: "someone-else" });
    expect(response.status).toBe(400);
  });

  it("answers 409 location_not_online for a shop that does not take online orders", async () => {
    await env.DB.prepare("UPDATE locations SET takes_online_orders = 0 WHERE id = 'loc-fullerton'").run();
    const shopper = await createSignedInUser();
    const response = await api("/api/shop-choice", {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: "http://localhost:5173", Cookie: shopper.cookie },
      body: JSON.stringify({ locationId: "loc-fullerton" }),
    });
    expect(response.status).toBe(409);
    expect(await json(response)).toMatchObject({ error: { code: "location_not_online", field: "locationId" } });
    expect(shopCookie(response)).toBeUndefined();
    const row = await env.DB.prepare("SELECT location_id FROM users WHERE id = ?").bind(shopper.userId).first();
    expect(row).toEqual({ location_id: null });
  });

  it.each([
    ["another site's Origin", { Origin: "https://evil.example" }, 403],
    ["a cross-site fetch", { "Sec-Fetch-Site": "cross-site" }, 403],
    ["a look-alike Origin", { Origin: "http://localhost:5173.evil.example" }, 403],
    ["a form post", { "Content-Type": "application/x-www-form-urlencoded" }, 415],
    ["plain text", { "Content-Type": "text/plain" }, 415],
  ])("refuses %s as any other state-changing call", async (_label, headers, status) => {
    const shopper = await createSignedInUser();
    const response = await api("/api/shop-choice", {
      method: "PUT",
      headers: {
        "Content-Type": "application/json",
        Origin: "http://localhost:5173",
        Cookie: shopper.cookie,
        ...headers,
      },
      body: JSON.stringify({ locationId: "loc-scottsdale" }),
    });
    expect(response.status).toBe(status);
    expect(shopCookie(response)).toBeUndefined();
    const row = await env.DB.prepare("SELECT location_id FROM users WHERE id = ?").bind(shopper.userId).first();
    expect(row).toEqual({ location_id: null });
  });
});

describe("the shop through sign-in and logout", () => {
  it("keeps the shop chosen before signing in, on the account; logout clears it; the next sign-in restores it", async () => {
    const browser = new Browser(DEVELOPMENT);
    const email = `chooser-${crypto.randomUUID()}@example.com`;
    expect((await choose(browser, { locationId: "loc-fullerton" })).status).toBe(200);

    await signIn(browser, email);
    expect(await me(browser)).toMatchObject({ isAuthenticated: true, shopId: "loc-fullerton" });
    expect(browser.cookies.get(SHOP_COOKIE)).toBe("loc-fullerton");

    const logout = await logOut(browser);
    const cleared = shopCookie(logout)!;
    expect(cleared.value).toBe("");
    expect(cleared.attributes).toMatch(/Max-Age=0/i);
    expect(browser.cookies.has(SHOP_COOKIE)).toBe(false);
    expect((await me(browser)).shopId).toBeNull();

    // A guest again, the browser picks another shop; signing in brings the account's back.
    expect((await choose(browser, { locationId: "loc-scottsdale" })).status).toBe(200);
    const completion = await signIn(browser, email);
    expect(shopCookie(completion)!.value).toBe("loc-fullerton");
    expect(browser.cookies.get(SHOP_COOKIE)).toBe("loc-fullerton");
    expect((await me(browser)).shopId).toBe("loc-fullerton");
  });

  it("restores the account's shop on a browser that never chose one", async () => {
    const email = `two-devices-${crypto.randomUUID()}@example.com`;
    const phone = new Browser(DEVELOPMENT);
    await signIn(phone, email);
    expect((await me(phone)).shopId).toBeNull();
    expect((await choose(phone, { locationId: "loc-scottsdale" })).status).toBe(200);

    const laptop = new Browser(DEVELOPMENT);
    await signIn(laptop, email);
    expect(laptop.cookies.get(SHOP_COOKIE)).toBe("loc-scottsdale");
  });

  it("keeps the choice through Apple's sign-in, whose cross-site answer carries no shop cookie", async () => {
    const browser = new Browser(DEVELOPMENT);
    expect((await choose(browser, { locationId: "loc-scottsdale" })).status).toBe(200);
    await signIn(browser, `apple-${crypto.randomUUID()}@example.com`, "apple", () =>
      browser.cookies.delete(SHOP_COOKIE),
    );
    expect((await me(browser)).shopId).toBe("loc-scottsdale");
  });

  it.each([
    ["a shop that is gone", "loc-closed-for-good"],
    ["a forged value", "loc-anaheim%27%20OR%201%3D1"],
  ])("does not put %s from the cookie on the account", async (_label, value) => {
    const browser = new Browser(DEVELOPMENT);
    browser.cookies.set(SHOP_COOKIE, value);
    await signIn(browser, `forged-${crypto.randomUUID()}@example.com`);
    expect((await me(browser)).shopId).toBeNull();
  });

  it("does not put a shop that stopped taking online orders on the account", async () => {
    const browser = new Browser(DEVELOPMENT);
    expect((await choose(browser, { locationId: "loc-fullerton" })).status).toBe(200);
    await env.DB.prepare("UPDATE locations SET takes_online_orders = 0 WHERE id = 'loc-fullerton'").run();
    await signIn(browser, `late-${crypto.randomUUID()}@example.com`);
    expect((await me(browser)).shopId).toBeNull();
  });
});
