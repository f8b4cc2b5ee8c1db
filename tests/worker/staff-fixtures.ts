import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { CreateOrderResponse, OrderStatus, PaymentState } from "#common/orders";
import { getDb } from "#worker/db/client";
import { emailOutbox, orderEvents, orders } from "#worker/db/schema";
import { api, json } from "./helpers";
import { createSignedInUser, type SignedInUser } from "./sign-in";

export const db = getDb(env.DB);
export const ORIGIN = "http://localhost:5173";

export const CART = {
  lines: [
    { productId: "prd-sunrise-orange", size: "medium", quantity: 2, note: "Less ice" },
    { productId: "prd-ginger-shot", size: "default", quantity: 1, note: "" },
  ],
  phone: "+1 714 555 0142",
};

/** A shopper places a pay-on-pickup order through the API. */
export async function placeOrder(shopper?: SignedInUser): Promise<{ shopper: SignedInUser; orderId: string }> {
  const who =
    shopper ??
    (await createSignedInUser({
      username: "Grace Hopper",
      email: `grace-${crypto.randomUUID().slice(0, 8)}@example.com`,
    }));
  const response = await api("/api/orders", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: who.cookie },
    body: JSON.stringify(CART),
  });
  expect(response.status).toBe(201);
  const { order } = await json<CreateOrderResponse>(response);
  return { shopper: who, orderId: order.id };
}

/** Puts an order straight into a state (test setup; the API's own moves are what the tests exercise). */
export async function setOrderState(orderId: string, status: OrderStatus, paymentState?: PaymentState): Promise<void> {
  await db
    .update(orders)
    .set({ status, ...(paymentState ? { paymentState } : {}) })
    .where(eq(orders.id, orderId));
}

export function postStatus(
  cookie: string | undefined,
  orderId: string,
  body: unknown,
  path = `/api/staff/orders/${orderId}/status`,
) {
  return api(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

export async function orderRow(orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

export function eventsOf(orderId: string) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}

export function emailsOf(orderId: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId)).orderBy(asc(emailOutbox.createdAt));
}
