import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import _headers from "../../public/_headers?raw";
import { app } from "#worker/app";
import { forgetLandingAssets } from "#worker/services/landing/assets";
import { assetsBinding } from "./landing-assets-stub";

async function page(path: string) {
  const response = await app.request(
    path,
    { headers: { accept: "text/html" } },
    { ...env, ASSETS: assetsBinding().binding },
  );
  await response.text();
  return response;
}

/** The header as feature → its allow-list ("self", or "" for nobody). */
function features(header: string | null): Map<string, string> {
  return new Map(
    (header ?? "").split(",").map((item) => {
      const [feature = "", allowed = ""] = item.trim().split("=");
      return [feature, allowed.replace(/^\(|\)$/g, "")];
    }),
  );
}

afterEach(() => forgetLandingAssets());

describe("Permissions-Policy on every HTML answer", () => {
  it.each([
    "/",
    "/menu",
    "/menu?category=smoothies",
    "/categories/cat-smoothies/products/prd-berry-blast",
    "/categories/cat-smoothies/products/prd-no-such-drink",
    "/about",
    "/checkout",
    "/orders",
    "/no-such-page",
  ])("%s lets this origin ask for the location and nobody the camera, microphone or payment", async (path) => {
    const response = await page(path);
    expect(response.headers.get("content-type")).toContain("text/html");
    const policy = features(response.headers.get("permissions-policy"));
    expect(policy.get("geolocation")).toBe("self");
    for (const denied of ["camera", "microphone", "payment", "usb", "display-capture"])
      expect(policy.get(denied), denied).toBe("");
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
  });

  it("is the same on a page served again from the cache", async () => {
    const first = await page("/menu?category=lemonades");
    const again = await page("/menu?category=lemonades");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(again.headers.get("permissions-policy")).toBe(first.headers.get("permissions-policy"));
  });

  it("is the one public/_headers gives the files the worker never sees", async () => {
    const response = await page("/menu");
    expect(_headers.match(/Permissions-Policy: (.+)/)?.[1]?.trim()).toBe(response.headers.get("permissions-policy"));
  });
});

describe("public/_headers for the files the worker never sees", () => {
  /** Each rule's path and its lines. */
  const rules = new Map(
    _headers
      .split(/\n(?=\S)/)
      .filter((block) => block.startsWith("/"))
      .map((block) => {
        const [path = "", ...lines] = block.trim().split("\n");
        return [path.trim(), lines.map((line) => line.trim())];
      }),
  );

  it("gives every file the CSP and nosniff, and the pages' own policies to the shell", () => {
    expect(rules.get("/*")).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Content-Security-Policy: /),
        expect.stringMatching(/^X-Content-Type-Options: nosniff$/),
        expect.stringMatching(/^Permissions-Policy: /),
        expect.stringMatching(/^Cross-Origin-Opener-Policy: /),
      ]),
    );
  });

  it.each(["/assets/*", "/images/*", "/logo.svg", "/favicon.svg"])(
    "leaves only the document's policies off %s, never the CSP or nosniff",
    (path) => {
      const lines = rules.get(path) ?? [];
      const detached = lines.filter((line) => line.startsWith("!")).map((line) => line.slice(1).trim());
      expect(detached.sort()).toEqual(["Cross-Origin-Opener-Policy", "Permissions-Policy"]);
    },
  );
});
