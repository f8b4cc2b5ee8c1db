/**
 * Web Push: what a browser sends to subscribe a device (its `PushSubscription` JSON), the kinds
 * of notification the shop sends, and what each carries. Shared by the order page's button, the
 * API that stores the subscription, the push outbox and the service worker that shows it.
 */
import { z } from "zod";

export const PUSH_SUBSCRIPTIONS_PATH = "/api/push-subscriptions";
/** `GET` answers `{ publicKey }`: the VAPID key a browser subscribes with (applicationServerKey). */
export const PUSH_PUBLIC_KEY_PATH = "/api/push-subscriptions/key";

/** The notifications an order sends to its shopper's devices. */
export const PUSH_KINDS = ["order-ready", "order-on-its-way", "order-cancelled"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * Where a push in the outbox stands: like an e-mail's (queued → sending → sent, queued again for
 * a retry, failed), and `dropped` when it is no longer worth sending (its time to live passed, or
 * the order moved on: a "ready" for an order already collected).
 */
export const PUSH_STATUSES = ["queued", "sending", "sent", "failed", "dropped"] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];

/**
 * How long each kind is worth delivering, in seconds: the push service's TTL and the outbox's own
 * deadline. A "ready" an hour late would send someone to a counter that has moved on.
 */
export const PUSH_TIME_TO_LIVE_SECONDS: Readonly<Record<PushKind, number>> = {
  "order-ready": 60 * 60,
  "order-on-its-way": 60 * 60,
  "order-cancelled": 12 * 60 * 60,
};

/**
 * What a notification carries to the device, encrypted. Never a phone, an address or a name:
 * the order's number, the shop and where a tap goes.
 */
export interface PushPayload {
  kind: PushKind;
  orderId: string;
  /** "#1A2B3C4D" (common/orders.ts orderNumber). */
  orderNumber: string;
  shop: string;
  title: string;
  body: string;
  /** The order's page, opened by a tap on the notification. */
  url: string;
}

/** The words of each notification. */
export function pushWords(kind: PushKind, orderNumber: string, shop: string): { title: string; body: string } {
  switch (kind) {
    case "order-ready":
      return { title: `Order ${orderNumber} is ready`, body: `Your drinks are waiting at ${shop}.` };
    case "order-on-its-way":
      return { title: `Order ${orderNumber} is on its way`, body: `${shop} has sent your drinks out for delivery.` };
    case "order-cancelled":
      return { title: `Order ${orderNumber} was cancelled`, body: `${shop} cancelled this order. Tap to see why.` };
  }
}

/** Base64url without padding, as `PushSubscription.toJSON()` gives the keys. */
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function base64UrlBytes(value: string): Uint8Array | null {
  if (!BASE64URL.test(value)) return null;
  const base64 = value.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  try {
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The longest endpoint accepted; the push services' own are well under 1,000 characters. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/**
 * An endpoint in its one canonical spelling, as the URL standard writes it: the host lower-case
 * and ASCII (full-width letters folded, an IP address in its dotted form), the scheme's default
 * port dropped. One device is then one row however its browser spelled the address.
 */
export function canonicalEndpoint(endpoint: string): string {
  return URL.canParse(endpoint) ? new URL(endpoint).href : endpoint;
}

const endpointSchema = z
  .string()
  .max(PUSH_ENDPOINT_MAX_LENGTH)
  .refine((value) => URL.canParse(value), "must be the push service's URL")
  .refine((value) => {
    const url = URL.canParse(value) ? new URL(value) : null;
    return !url || (url.username === "" && url.password === "");
  }, "must not carry a user name or password")
  .transform(canonicalEndpoint);

/**
 * `POST /api/push-subscriptions`: the browser's `PushSubscription.toJSON()`. The keys are the
 * device's P-256 public key (65 bytes, uncompressed) and its 16-byte authentication secret; which
 * hosts an endpoint may name is the worker's rule (worker/services/push/endpoints.ts).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.object({
    p256dh: z
      .string()
      .max(200)
      .refine((value) => {
        const bytes = base64UrlBytes(value);
        return bytes?.length === 65 && bytes[0] === 0x04;
      }, "must be the device's P-256 public key (65 bytes, base64url)"),
    auth: z
      .string()
      .max(100)
      .refine((value) => base64UrlBytes(value)?.length === 16, "must be the 16-byte authentication secret (base64url)"),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** `DELETE /api/push-subscriptions`: the endpoint of the device to forget. */
export const pushUnsubscribeSchema = z.object({ endpoint: endpointSchema });

/** `GET /api/push-subscriptions/key`. */
export interface PushPublicKeyResponse {
  publicKey: string;
}
