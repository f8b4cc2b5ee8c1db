import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { app } from "#worker/app";

const get = (bindings: Record<string, unknown>) => app.request("/api/payment-methods", {}, { ...env, ...bindings });

describe("GET /api/payment-methods: what the FAQ says about paying", () => {
  it("says pay on pickup when the shop takes no card payments", async () => {
    const response = await get({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accepts: "on_pickup" });
  });

  it("says card when Stripe is set up, and nothing about the set-up itself", async () => {
    const response = await get({ STRIPE_SECRET_KEY: "sk_test_secret", STRIPE_WEBHOOK_SECRET: "whsec_secret" });
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ accepts: "card" });
    // Never kept by the browser: the answer changes the moment the secrets do.
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    expect(text).not.toMatch(/sk_test|whsec|stripe/i);
  });

  it("answers the same 500 as checkout when Stripe is half set up", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await get({ STRIPE_SECRET_KEY: "sk_test_secret", STRIPE_WEBHOOK_SECRET: undefined });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: { code: "payments_misconfigured" } });
    errors.mockRestore();
  });
});
