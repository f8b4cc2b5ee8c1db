import { env } from "cloudflare:workers";
import { hc } from "hono/client";
import { describe, expect, it } from "vitest";
import type { PaymentMethods } from "#common/payment-methods";
import type { ShopStatus } from "#common/availability";
import { app, type AppType } from "#worker/app";

/** A typed client of the whole API, calling the app in-process: its paths and answers come from AppType. */
const client = hc<AppType>("http://localhost:5173", {
  fetch: (input: RequestInfo | URL, init?: RequestInit) =>
    app.request(input instanceof Request ? input : String(input), init, env),
});

describe("the app's type, for a typed client", () => {
  it("names the routers' paths and the answers' types", async () => {
    const response = await client.api["payment-methods"].$get({ query: {} });
    expect(response.status).toBe(200);
    const body: PaymentMethods = await response.json();
    expect(body).toEqual({ accepts: "on_pickup" });
  });

  it("reaches a router mounted under its own prefix, with its query", async () => {
    const response = await client.api.store.$get({ query: {} });
    expect(response.status).toBe(200);
    const body = (await response.json()) as ShopStatus;
    expect(body.locationId).toBe("loc-anaheim");
  });
});
