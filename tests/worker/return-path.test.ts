import { afterEach, describe, expect, it, vi } from "vitest";
import { returnUrl } from "#worker/services/auth/completion";
import { safeReturnPath } from "#common/return-path";
import { Browser, location } from "./auth-fakes";

const DEVELOPMENT = { APP_ENV: "development" } as const;

/** Each of these, used as an address on our page, would leave the site (or is not a page). */
const HOSTILE_RETURN_PATHS = [
  "//evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/././/evil.example",
  "/a/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/\\evil.example",
  "/./\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r//evil.example",
  "https://evil.example",
  "http:evil.example",
  "https:/evil.example",
  "javascript:alert(1)",
  "evil.example",
  "",
  "/api/auth/logout",
  "/./api/me",
  "/API/orders",
  "/send-email",
  `/${"a".repeat(2000)}`,
];

describe("safeReturnPath", () => {
  for (const path of HOSTILE_RETURN_PATHS) {
    it(`refuses ${JSON.stringify(path).slice(0, 60)}`, () => {
      expect(safeReturnPath(path)).toBeNull();
    });
  }

  it.each([
    ["/", "/"],
    ["/menu", "/menu"],
    ["/menu?category=smoothies#drinks", "/menu?category=smoothies#drinks"],
    [
      "/categories/cat-fresh-juices/products/prd-sunrise-orange",
      "/categories/cat-fresh-juices/products/prd-sunrise-orange",
    ],
    ["/./menu", "/menu"],
    ["/orders/../checkout", "/checkout"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/menu?next=//evil.example", "/menu?next=//evil.example"],
    ["/apiary", "/apiary"],
  ])("accepts %s as the page %s", (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
    // What it returns is a path on our own origin, whichever origin reads it.
    expect(new URL(expected, "https://shop.example").origin).toBe("https://shop.example");
  });
});

afterEach(() => vi.restoreAllMocks());

/** Start → stand-in consent page → cancel or consent, as a browser does it. */
async function signInVia(browser: Browser, returnTo: string, mode: "popup" | "redirect", cancel: boolean) {
  const start = await browser.fetch(`/api/auth/google/start?${new URLSearchParams({ mode, returnTo })}`);
  if (start.status !== 302) return { start };
  const state = location(start).searchParams.get("state")!;
  const fields: Record<string, string> = cancel
    ? { state, cancel: "1" }
    : { state, name: "Ada Lovelace", email: `ada-${crypto.randomUUID()}@example.com` };
  const done = await browser.postForm("/api/auth/google/dev-consent", fields, { Origin: browser.origin });
  return { start, done };
}

/** Every place a completion sends the person: the Location, the popup's fallback and its link. */
function destinations(response: Response, html: string): string[] {
  const found = [response.headers.get("Location") ?? ""];
  found.push(/data-fallback="([^"]*)"/.exec(html)?.[1] ?? "");
  found.push(/<a href="([^"]*)"/.exec(html)?.[1] ?? "");
  return found.filter(Boolean).map((value) => value.replaceAll("&amp;", "&"));
}

describe("sign-in comes back only to a page of this site", () => {
  for (const returnTo of HOSTILE_RETURN_PATHS) {
    it(`refuses returnTo=${JSON.stringify(returnTo).slice(0, 50)} at the start with 400, before any attempt`, async () => {
      const browser = new Browser(DEVELOPMENT);
      const { start, done } = await signInVia(browser, returnTo, "redirect", true);
      expect(done).toBeUndefined();
      expect(start.status).toBe(400);
      expect(await start.json()).toMatchObject({ error: { code: "invalid_input", field: "returnTo" } });
      expect(browser.cookies.size).toBe(0);
    });
  }

  for (const mode of ["redirect", "popup"] as const) {
    for (const cancel of [true, false]) {
      it(`${mode} mode, ${cancel ? "cancelled" : "completed"}: goes back to the normalised page and nowhere else`, async () => {
        const browser = new Browser(DEVELOPMENT);
        const { done } = await signInVia(browser, "/./menu?category=smoothies", mode, cancel);
        const html = mode === "popup" ? await done!.text() : "";
        const outcome = cancel ? "failed" : "success";
        const expected = `/menu?category=smoothies&auth=${outcome}&provider=google`;
        // A redirect names it in Location; the popup's page in its fallback and its link.
        expect(destinations(done!, html)).toEqual(mode === "popup" ? [expected, expected] : [expected]);
        expect(new URL(expected, "https://shop.example").origin).toBe("https://shop.example");
      });
    }
  }

  it("the completion's own check sends any path that is not one of our pages home", () => {
    for (const path of HOSTILE_RETURN_PATHS) {
      const url = returnUrl(path, "apple", false);
      expect(url).toBe("/?auth=failed&provider=apple");
    }
    expect(returnUrl("/menu#top", "google", true)).toBe("/menu?auth=success&provider=google#top");
  });
});
