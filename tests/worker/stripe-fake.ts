import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, vi } from "vitest";
import { app } from "#worker/app";
import worker from "#worker/index";
import { stripeEventPayload, stripeSignature } from "./stripe-webhooks";

// Stripe faked at `fetch`, as Stripe answers: a repeated Idempotency-Key gets the session or the
// refund it already made. For the files that need only its ordinary answers.

export const ORIGIN = "http://localhost:5173";
const WEBHOOK_SECRET = "whsec_fake";
export const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };

export interface StripeCall {
  method: string;
  path: string;
  idempotencyKey: string | null;
  form: URLSearchParams;
}

export interface FakeStripe {
  calls: StripeCall[];
  /** Stripe cannot be reached to open a checkout. */
  sessionsFail: boolean;
}

/** Installs the fake before each test of the file; the test reads what was asked of Stripe from `calls`. */
export function useFakeStripe(): FakeStripe {
  const fake: FakeStripe = { calls: [], sessionsFail: false };
  const sessionsByKey = new Map<string, string>();
  const refundsByKey = new Map<string, { id: string; amount: number }>();
  beforeEach(() => {
    fake.calls = [];
    fake.sessionsFail = false;
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      if (!request.url.startsWith("https://api.stripe.com/")) return realFetch(input, init);
      const call: StripeCall = {
        method: request.method,
        path: new URL(request.url).pathname,
        idempotencyKey: request.headers.get("Idempotency-Key"),
        form: new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer())),
      };
      fake.calls.push(call);
      const key = call.idempotencyKey ?? crypto.randomUUID();
      if (call.path === "/v1/checkout/sessions" && call.method === "POST") {
        if (fake.sessionsFail) {
          return Response.json({ error: { type: "api_error", message: "Stripe is down" } }, { status: 500 });
        }
        const id = sessionsByKey.get(key) ?? `cs_test_${crypto.randomUUID().slice(0, 8)}`;
        sessionsByKey.set(key, id);
        return Response.json({ id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}` });
      }
      if (call.path.startsWith("/v1/checkout/sessions/")) {
        const id = call.path.split("/")[4];
        return Response.json({ id, object: "checkout.session", status: "expired", payment_status: "unpaid" });
      }
      if (call.path === "/v1/refunds" && call.method === "POST") {
        const refund = refundsByKey.get(key) ?? {
          id: `re_${crypto.randomUUID().slice(0, 12)}`,
          amount: Number(call.form.get("amount")),
        };
        refundsByKey.set(key, refund);
        return Response.json({ object: "refund", status: "succeeded", currency: "usd", ...refund });
      }
      return Response.json(
        { error: { type: "invalid_request_error", message: `No fake for ${call.method} ${call.path}` } },
        { status: 404 },
      );
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  return fake;
}

/** The worker with Stripe configured, called as the browser (or Stripe) would. */
export async function callWithStripe(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(new URL(path, ORIGIN), init), stripeEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

export function postWithStripe(path: string, cookie: string, body: unknown): Promise<Response> {
  return callWithStripe(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: cookie },
    body: JSON.stringify(body),
  });
}

/** A Stripe event, signed as Stripe signs it, to the webhook. */
export async function stripeWebhook(event: Record<string, unknown>): Promise<Response> {
  const payload = stripeEventPayload(event);
  return callWithStripe("/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": await stripeSignature(payload, WEBHOOK_SECRET) },
    body: payload,
  });
}

/** The cron trigger, as Cloudflare runs it every 5 minutes, with Stripe configured. */
export async function runCronWithStripe(): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), stripeEnv, ctx);
  await waitOnExecutionContext(ctx);
}
