import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import { app } from "#worker/app";
import { api, json } from "./helpers";
import { createSignedInUser, type SignedInUser } from "./sign-in";
import { ORIGIN } from "./staff-fixtures";

/** Every staff address the app serves, with its parameters filled in ("/orders/:id" → "/orders/some-id"). */
const STAFF_ROUTES = [
  ...new Map(
    app.routes
      .filter((route) => route.path.startsWith("/api/staff/") && route.method !== "ALL")
      .map((route) => {
        const path = route.path.replace(/:[A-Za-z]+/g, "some-id");
        return [`${route.method} ${path}`, { method: route.method, path }] as const;
      }),
  ).values(),
];

/** The ways one address may be written: as served, with a trailing slash, with a shop named. */
function spellings(path: string): string[] {
  return [path, `${path}/`, `${path}?location=loc-anaheim`, `${path}?location=LOC-ANAHEIM`];
}

function call(method: string, path: string, caller?: SignedInUser): Promise<Response> {
  const headers: Record<string, string> = caller ? { Cookie: caller.cookie } : {};
  if (method === "GET") return api(path, { headers });
  // A same-site JSON call, so what answers is the staff guard and not the cross-site check.
  return api(path, {
    method,
    headers: { ...headers, "Content-Type": "application/json", Origin: ORIGIN },
    body: "{}",
  });
}

describe("every /api/staff/* route, guarded once", () => {
  it("finds the staff routes to check: the board, the Menu tab, printing, the shops and the numbers", () => {
    const paths = STAFF_ROUTES.map((route) => route.path);
    for (const part of ["orders", "availability", "printing", "shops", "numbers", "acknowledgements"]) {
      expect(
        paths.some((path) => path.startsWith(`/api/staff/${part}`)),
        part,
      ).toBe(true);
    }
  });

  it("answers 401 unauthorized to a signed-out caller, however the address is written", async () => {
    for (const { method, path } of STAFF_ROUTES) {
      for (const spelling of spellings(path)) {
        const response = await call(method, spelling);
        expect(response.status, `${method} ${spelling}`).toBe(401);
        expect(await json<ApiErrorBody>(response)).toMatchObject({ error: { code: "unauthorized" } });
      }
    }
  });

  it("answers 403 forbidden to a signed-in shopper, however the address is written", async () => {
    const shopper = await createSignedInUser();
    for (const { method, path } of STAFF_ROUTES) {
      for (const spelling of spellings(path)) {
        const response = await call(method, spelling, shopper);
        expect(response.status, `${method} ${spelling}`).toBe(403);
        expect(await json<ApiErrorBody>(response)).toMatchObject({ error: { code: "forbidden" } });
      }
    }
  });

  it("serves no staff answer under another case: the router tells /api/Staff from /api/staff", async () => {
    const shopper = await createSignedInUser();
    for (const { method, path } of STAFF_ROUTES) {
      for (const spelling of [path.replace("/api/staff", "/api/Staff"), path.toUpperCase()]) {
        for (const caller of [undefined, shopper]) {
          const response = await call(method, spelling, caller);
          expect([401, 403, 404, 405], `${method} ${spelling}`).toContain(response.status);
        }
      }
    }
  });
});
