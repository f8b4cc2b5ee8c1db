import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { CreateOrderResponse, Order } from "#common/orders";
import type { StaffOrdersResponse } from "#common/staff-orders";
import { app } from "#worker/app";
import { getDb } from "#worker/db/client";
import { emailOutbox, orders } from "#worker/db/schema";
import { api, json } from "./helpers";
import { createBarista, createSignedInUser } from "./sign-in";

const db = getDb(env.DB);
const PHONE = "+1 714 555 0100";
const SHOP_ADDRESS = "512 South Brookhurst St #4, Anaheim, CA 92804";
// Sunrise Orange medium: 6.99, on sale at 6.49, two of them.
const lines = [{ productId: "prd-sunrise-orange", size: "medium", quantity: 2, note: "" }];
const LINES_TOTAL = 2 * 649;

async function postOrder(cookie: string, body: Record<string, unknown>): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(
    new Request("http://localhost:5173/api/orders", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost:5173", Cookie: cookie },
      body: JSON.stringify({ lines, phone: PHONE, ...body }),
    }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

async function ordersOf(userId: string) {
  return db.select().from(orders).where(eq(orders.userId, userId));
}

describe("POST /api/orders: delivery", () => {
  it("delivers to a ZIP in the area, adding the location's fee from D1 to the total", async () => {
    const { cookie, userId } = await createSignedInUser();
    const response = await postOrder(cookie, {
      fulfilment: "delivery",
      street: "  1200 W Lincoln Ave Apt 3 ",
      zip: "92805",
      // Forged: the fee is the server's.
      deliveryFeeCents: 0,
      displayedTotalCents: LINES_TOTAL,
    });
    expect(response.status).toBe(201);
    const { order, totalChanged } = await json<CreateOrderResponse>(response);
    expect(order).toMatchObject({
      fulfilment: "delivery",
      fulfilmentAddress: "1200 W Lincoln Ave Apt 3, Anaheim, CA 92805",
      deliveryFeeCents: 399,
      totalCents: LINES_TOTAL + 399,
    });
    expect(totalChanged).toBe(true);
    const [row] = await ordersOf(userId);
    expect(row).toMatchObject({ fulfilment: "delivery", deliveryFeeCents: 399, totalCents: LINES_TOTAL + 399 });

    // The shopper's order page and the board carry the address.
    const mine = await json<{ order: Order }>(await api(`/api/orders/${order.id}`, { headers: { Cookie: cookie } }));
    expect(mine.order.fulfilmentAddress).toBe("1200 W Lincoln Ave Apt 3, Anaheim, CA 92805");
    const barista = await createBarista();
    const board = await json<StaffOrdersResponse>(
      await api("/api/staff/orders", { headers: { Cookie: barista.cookie } }),
    );
    expect(board.orders.find((entry) => entry.id === order.id)).toMatchObject({
      fulfilment: "delivery",
      fulfilmentAddress: "1200 W Lincoln Ave Apt 3, Anaheim, CA 92805",
    });

    // Both e-mails say where the drinks go and what the delivery cost.
    const emails = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.orderId, order.id))
      .orderBy(asc(emailOutbox.kind));
    expect(emails.map((email) => email.kind)).toEqual(["order-customer", "order-shop"]);
    for (const email of emails) {
      expect(email.text).toContain("1200 W Lincoln Ave Apt 3, Anaheim, CA 92805");
      expect(email.text).toContain("$3.99");
      expect(email.text).toContain("$16.97");
    }
    expect(emails[0]!.text).toContain("60-90 minutes");
  });

  it("refuses a ZIP outside the delivery area with 422 naming zip, and writes nothing", async () => {
    const { cookie, userId } = await createSignedInUser();
    for (const zip of ["90210", "92803", "00000"]) {
      const response = await postOrder(cookie, { fulfilment: "delivery", street: "1 Main St", zip });
      expect(response.status, zip).toBe(422);
      const body = await json<ApiErrorBody>(response);
      expect(body.error.field).toBe("zip");
      expect(body.error.message).toContain(zip);
    }
    expect(await ordersOf(userId)).toHaveLength(0);
  });

  it("refuses a delivery at a shop that delivers nowhere with 422 delivery_not_offered in its own words", async () => {
    const { cookie, userId } = await createSignedInUser();
    for (const zip of ["85251", "92801"]) {
      const response = await postOrder(cookie, {
        fulfilment: "delivery",
        street: "1 Main St",
        zip,
        locationId: "loc-scottsdale",
      });
      expect(response.status, zip).toBe(422);
      expect((await json<ApiErrorBody>(response)).error).toEqual({
        code: "delivery_not_offered",
        field: "fulfilment",
        message: "Squeeze Scottsdale does not deliver. Choose pickup at 7014 East Camelback Rd, Scottsdale, AZ 85251.",
      });
    }
    expect(await ordersOf(userId)).toHaveLength(0);
  });

  it("refuses a delivery without a street, or with a malformed ZIP, with 400 naming the field", async () => {
    const { cookie, userId } = await createSignedInUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ fulfilment: "delivery", zip: "92805" }, "street"],
      [{ fulfilment: "delivery", street: "   ", zip: "92805" }, "street"],
      [{ fulfilment: "delivery", street: "1 Main St" }, "zip"],
      [{ fulfilment: "delivery", street: "1 Main St", zip: "9280" }, "zip"],
      [{ fulfilment: "delivery", street: "1 Main St", zip: "92805' OR 1=1 --" }, "zip"],
      [{ fulfilment: "delivery", street: "1 Main St", zip: "９２８０５" }, "zip"],
      [{ fulfilment: "delivery", street: "x".repeat(121), zip: "92805" }, "street"],
      [{ fulfilment: "drone", street: "1 Main St", zip: "92805" }, "fulfilment"],
      [{ fulfilment: "delivery", street: 42, zip: "92805" }, "street"],
    ];
    for (const [body, field] of cases) {
      const response = await postOrder(cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json<ApiErrorBody>(response)).error.field, JSON.stringify(body)).toBe(field);
    }
    expect(await ordersOf(userId)).toHaveLength(0);
  });

  it("a pickup (the default) costs no fee and is collected at the shop's address", async () => {
    const { cookie } = await createSignedInUser();
    for (const body of [{}, { fulfilment: "pickup", street: "ignored", zip: "90210" }]) {
      const response = await postOrder(cookie, body);
      expect(response.status).toBe(201);
      const { order } = await json<CreateOrderResponse>(response);
      expect(order).toMatchObject({
        fulfilment: "pickup",
        fulfilmentAddress: SHOP_ADDRESS,
        deliveryFeeCents: 0,
        totalCents: LINES_TOTAL,
      });
    }
  });
});

describe("GET /api/delivery-area", () => {
  it("answers the shop's pickup address, its delivery fee and the ZIP codes it delivers to, from D1", async () => {
    const response = await api("/api/delivery-area");
    expect(response.status).toBe(200);
    const area = await json<{ pickupAddress: string; deliveryFeeCents: number; zipCodes: { zip: string }[] }>(response);
    expect(area.pickupAddress).toBe(SHOP_ADDRESS);
    expect(area.deliveryFeeCents).toBe(399);
    expect(area.zipCodes.map((entry) => entry.zip)).toContain("92805");
    expect(area.zipCodes.map((entry) => entry.zip)).not.toContain("90210");
  });
});
