import { env } from "cloudflare:workers";
import { and, asc, eq, notLike } from "drizzle-orm";
import type { OrderRequest } from "#common/forms/checkout";
import { getDb } from "#worker/db/client";
import { emailOutbox, orders } from "#worker/db/schema";
import { api } from "./helpers";
import { EARLIER_VISIT_ID_PREFIX } from "./sign-in";

const db = getDb(env.DB);

/** The phone a shopper's order carries unless a test says otherwise. */
export const PHONE = "+1 714 555 0100";

/** An order's POST from this site, as the browser holding `cookie` (none: a guest), with an Idempotency-Key when given. */
export function orderRequest(cookie: string | undefined, body: unknown, idempotencyKey?: string): RequestInit {
  const headers: Record<string, string> = { "Content-Type": "application/json", Origin: "http://localhost:5173" };
  if (cookie) headers.Cookie = cookie;
  if (idempotencyKey !== undefined) headers["Idempotency-Key"] = idempotencyKey;
  return { method: "POST", headers, body: JSON.stringify(body) };
}

/** POST /api/orders (see orderRequest). */
export function postOrder(
  cookie: string | undefined,
  body: OrderRequest | Record<string, unknown>,
  idempotencyKey?: string,
): Promise<Response> {
  return api("/api/orders", orderRequest(cookie, body, idempotencyKey));
}

/** The shopper's orders, but for a returning shopper's earlier one (createReturningShopper). */
export function placedBy(userId: string) {
  return and(eq(orders.userId, userId), notLike(orders.id, `${EARLIER_VISIT_ID_PREFIX}%`));
}

/** The shopper's stored orders (placedBy). */
export function ordersOf(userId: string) {
  return db.select().from(orders).where(placedBy(userId));
}

/** The e-mails queued for an order, by kind. */
export function orderEmailsOf(orderId: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId)).orderBy(asc(emailOutbox.kind));
}
