/**
 * A stand-in for the browsers' push services at the worker's `fetch` edge: each device it knows
 * (made with the receiving end's own keys, scripts/lib/web-push-receiver.mjs) decrypts what it is
 * sent with its private key and checks the VAPID signature with the shop's public key, exactly as
 * a real push service and browser would between them. Everything else the worker fetches goes on
 * to the real network code.
 */
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import type { PushPayload } from "#common/push";
import type { Env } from "#worker/env";
import {
  createDevice,
  createVapidKeys,
  decryptPush,
  verifyVapid,
  type PushDevice,
} from "#scripts/lib/web-push-receiver.mjs";
import { callWorker } from "./outbox-fakes";

export interface DeliveredPush {
  endpoint: string;
  payload: PushPayload;
  /** The plaintext as decrypted, to check what it does not carry. */
  plaintext: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  vapid: { aud: string; sub: string; exp: number };
}

export interface FakePushService {
  /** A device subscribed on this service; `answer` is what the service says to each push (201 by default). */
  device(options?: { host?: string; answer?: () => number }): Promise<PushDevice>;
  /** Every push that was accepted (answered 2xx), in order, decrypted and verified. */
  delivered: DeliveredPush[];
  /** Every push the worker attempted, with the status it got. */
  attempts: { endpoint: string; status: number }[];
  env: Env;
}

/** The shop's env with its own VAPID keys, and a stand-in push service at `fetch`. */
export async function fakePushService(overrides: Partial<Env> = {}): Promise<FakePushService> {
  const vapid = await createVapidKeys();
  const devices = new Map<string, { device: PushDevice; answer: () => number }>();
  const delivered: DeliveredPush[] = [];
  const attempts: { endpoint: string; status: number }[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const known = devices.get(request.url);
    if (!known) return realFetch(input, init);
    const status = known.answer();
    attempts.push({ endpoint: request.url, status });
    if (status >= 200 && status < 300) {
      if (request.headers.get("content-encoding") !== "aes128gcm") throw new Error("not aes128gcm");
      const claims = await verifyVapid(request.headers.get("authorization"), {
        audience: new URL(request.url).origin,
        publicKey: vapid.publicKey,
      });
      const plaintext = await decryptPush(known.device, new Uint8Array(await request.arrayBuffer()));
      delivered.push({
        endpoint: request.url,
        payload: JSON.parse(plaintext) as PushPayload,
        plaintext,
        ttl: Number(request.headers.get("ttl")),
        urgency: request.headers.get("urgency"),
        topic: request.headers.get("topic"),
        vapid: claims,
      });
    }
    return new Response(null, { status });
  });
  return {
    async device({ host = "fcm.googleapis.com", answer = () => 201 } = {}) {
      const endpoint = `https://${host}/fcm/send/${crypto.randomUUID()}`;
      const device = await createDevice(endpoint);
      devices.set(endpoint, { device, answer });
      return device;
    },
    delivered,
    attempts,
    env: {
      ...env,
      EMAIL_DEV_FAIL_SENDS: undefined,
      APP_ENV: undefined,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      ...overrides,
    },
  };
}

const ORIGIN = "http://localhost:5173";

/** `POST /api/push-subscriptions` as the signed-in shopper's browser, waiting for the worker's after-response work. */
export function subscribe(testEnv: Env, cookie: string | undefined, body: unknown): Promise<Response> {
  return callWorker(
    "/api/push-subscriptions",
    {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body),
    },
    testEnv,
  );
}

/** The barista's tap on the board, waiting for what the worker sends after answering. */
export function moveOrder(testEnv: Env, cookie: string, orderId: string, body: unknown): Promise<Response> {
  return callWorker(
    `/api/staff/orders/${orderId}/status`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: cookie },
      body: JSON.stringify(body),
    },
    testEnv,
  );
}
