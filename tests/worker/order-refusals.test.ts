import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { OrderRequest } from "#common/forms/checkout";
import type { CreateOrderResponse, Order } from "#common/orders";
import { formatTimeIn } from "#common/hours/format";
import { getDb } from "#worker/db/client";
import { emailOutbox, orderPickups, orders } from "#worker/db/schema";
import { api, json } from "./helpers";
import { createBarista, createSignedInUser } from "./sign-in";
import {
  ANAHEIM,
  jsonPost,
  PHONE,
  resetShop,
  setSlotCapacity,
  store,
  TUESDAY_NOON,
  useShopClock,
} from "./store-helpers";

const db = getDb(env.DB);
const MINUTE = 60_000;

afterEach(resetShop);

const sunriseMedium = { productId: "prd-sunrise-orange", size: "medium", quantity: 2, note: "" } as const;
const berrySmall = { productId: "prd-berry-blast", size: "small", quantity: 1, note: "" } as const;

function placeOrder(cookie: string, body: Partial<OrderRequest> = {}) {
  return jsonPost("/api/orders", cookie, { lines: [sunriseMedium], phone: PHONE, ...body });
}

async function refusal(response: Response): Promise<ApiErrorBody["error"]> {
  expect(response.status).toBe(409);
  return (await json<ApiErrorBody>(response)).error;
}

async function orderCount(userId: string): Promise<number> {
  return (await db.select().from(orders).where(eq(orders.userId, userId))).length;
}

describe("POST /api/orders: the shop decides, whatever the browser showed", () => {
  it("refuses with store_closed outside opening hours and says when the shop opens", async () => {
    useShopClock();
    const shopper = await createSignedInUser();
    await env.DB.prepare(
      "INSERT INTO location_hours_exceptions (location_id, date, opens, closes) VALUES (?, '2026-03-10', NULL, NULL)",
    )
      .bind(ANAHEIM)
      .run();
    const error = await refusal(await placeOrder(shopper.cookie));
    expect(error.code).toBe("store_closed");
    expect(error.message).toContain("Closed now · opens tomorrow at 12:00 AM");
    expect(await orderCount(shopper.userId)).toBe(0);
  });

  it("refuses with ordering_paused while the staff pause it, and takes orders again when the pause ends", async () => {
    const clock = useShopClock();
    const [shopper, barista] = await Promise.all([createSignedInUser(), createBarista()]);
    expect((await jsonPost("/api/staff/availability/pause", barista.cookie, { minutes: 15 })).status).toBe(200);
    const error = await refusal(await placeOrder(shopper.cookie));
    expect(error.code).toBe("ordering_paused");
    expect(error.message).toContain("Online ordering is paused, back at 12:15 PM");
    expect(await orderCount(shopper.userId)).toBe(0);

    clock.advance(15 * MINUTE);
    expect((await placeOrder(shopper.cookie)).status).toBe(201);
  });

  it("refuses with sold_out naming the line, for a sold-out size and for a whole drink", async () => {
    useShopClock();
    const [shopper, barista] = await Promise.all([createSignedInUser(), createBarista()]);
    await jsonPost("/api/staff/availability/sold-out", barista.cookie, {
      productId: "prd-sunrise-orange",
      size: "medium",
      soldOut: true,
    });
    const sized = await refusal(await placeOrder(shopper.cookie, { lines: [berrySmall, sunriseMedium] }));
    expect(sized).toEqual({
      code: "sold_out",
      field: "lines.1",
      message: "Line 2: Sunrise Orange (medium) is sold out. Remove it from your cart to continue.",
    });
    // Another size of the same drink is still made.
    expect((await placeOrder(shopper.cookie, { lines: [{ ...sunriseMedium, size: "large" }] })).status).toBe(201);

    await jsonPost("/api/staff/availability/sold-out", barista.cookie, {
      productId: "prd-berry-blast",
      size: "all",
      soldOut: true,
    });
    const whole = await refusal(await placeOrder(shopper.cookie, { lines: [berrySmall] }));
    expect(whole).toMatchObject({ code: "sold_out", field: "lines.0" });
    expect(await orderCount(shopper.userId)).toBe(1);
  });

  it("refuses with slot_invalid a time that is not one of the slots on offer", async () => {
    useShopClock();
    const shopper = await createSignedInUser();
    const { pickupSlots } = await store();
    const offered = new Date(pickupSlots[0]!.startsAt).getTime();
    const notOffered = [
      new Date(offered + 7 * MINUTE), // not on the quarter hour
      new Date(TUESDAY_NOON.getTime() - 15 * MINUTE), // in the past
      new Date(offered - 15 * MINUTE), // before the drinks can be ready
      new Date("2026-03-17T19:00:00.000Z"), // a week from today: the eighth day
    ];
    for (const startsAt of notOffered) {
      const error = await refusal(
        await placeOrder(shopper.cookie, { pickup: { mode: "slot", startsAt: startsAt.toISOString() } }),
      );
      expect(error).toMatchObject({ code: "slot_invalid", field: "pickup.startsAt" });
    }
    await setSlotCapacity(0);
    const noSlots = await refusal(
      await placeOrder(shopper.cookie, { pickup: { mode: "slot", startsAt: pickupSlots[0]!.startsAt } }),
    );
    expect(noSlots.code).toBe("slot_invalid");
    expect(await orderCount(shopper.userId)).toBe(0);
  });

  it("refuses a malformed pickup with 400 naming the field", async () => {
    const shopper = await createSignedInUser();
    for (const pickup of [{ mode: "slot" }, { mode: "slot", startsAt: "noon" }, { mode: "later" }, "asap"]) {
      const response = await placeOrder(shopper.cookie, { pickup } as never);
      expect(response.status).toBe(400);
      expect((await json<ApiErrorBody>(response)).error.field).toMatch(/^pickup/);
    }
  });

  it("refuses with slot_full once a slot has its orders, and a cancelled order gives its place back", async () => {
    useShopClock();
    await setSlotCapacity(1);
    const [first, second] = await Promise.all([createSignedInUser(), createSignedInUser()]);
    const startsAt = (await store()).pickupSlots[3]!.startsAt;
    const taken = await placeOrder(first.cookie, { pickup: { mode: "slot", startsAt } });
    expect(taken.status).toBe(201);
    const error = await refusal(await placeOrder(second.cookie, { pickup: { mode: "slot", startsAt } }));
    expect(error).toMatchObject({ code: "slot_full", field: "pickup.startsAt" });
    const shown = formatTimeIn(new Date(startsAt), "America/Los_Angeles");
    expect(error.message).toBe(`Pickup at ${shown} has just filled up. Choose another time.`);
    expect(await orderCount(second.userId)).toBe(0);

    const { order } = await json<CreateOrderResponse>(taken);
    await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE id = ?").bind(order.id).run();
    expect((await placeOrder(second.cookie, { pickup: { mode: "slot", startsAt } })).status).toBe(201);
  });

  it("gives the last place in a slot to exactly one of two shoppers racing for it", async () => {
    useShopClock();
    await setSlotCapacity(2);
    const shoppers = await Promise.all([createSignedInUser(), createSignedInUser(), createSignedInUser()]);
    const startsAt = (await store()).pickupSlots[4]!.startsAt;
    expect((await placeOrder(shoppers[0]!.cookie, { pickup: { mode: "slot", startsAt } })).status).toBe(201);

    const racing = await Promise.all(
      shoppers.slice(1).map((shopper) => placeOrder(shopper.cookie, { pickup: { mode: "slot", startsAt } })),
    );
    const statuses = racing.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409]);
    const loser = racing.find((response) => response.status === 409)!;
    expect((await json<ApiErrorBody>(loser)).error.code).toBe("slot_full");

    const inSlot = await db
      .select()
      .from(orderPickups)
      .where(and(eq(orderPickups.locationId, ANAHEIM), eq(orderPickups.pickupAt, startsAt)));
    expect(inSlot).toHaveLength(2);
    expect((await store()).pickupSlots.find((slot) => slot.startsAt === startsAt)?.full).toBe(true);
  });

  it("repeats the race many times and never over-fills a slot", async () => {
    useShopClock();
    await setSlotCapacity(3);
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => createSignedInUser()));
    const startsAt = (await store()).pickupSlots[6]!.startsAt;
    const responses = await Promise.all(
      shoppers.map((shopper) => placeOrder(shopper.cookie, { pickup: { mode: "slot", startsAt } })),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(3);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(5);
    const inSlot = await db.select().from(orderPickups).where(eq(orderPickups.pickupAt, startsAt));
    expect(inSlot).toHaveLength(3);
  });
});

describe("the chosen pickup time travels with the order", () => {
  it("is on the order, its page, both e-mails and the board's card", async () => {
    useShopClock();
    const shopper = await createSignedInUser({ username: "Pia Pickup" });
    const startsAt = (await store()).pickupSlots[2]!.startsAt;
    const response = await placeOrder(shopper.cookie, { pickup: { mode: "slot", startsAt } });
    expect(response.status).toBe(201);
    const { order } = await json<CreateOrderResponse>(response);
    const pickup = { mode: "slot", at: startsAt, timeZone: "America/Los_Angeles" };
    expect(order.pickup).toEqual(pickup);
    const page = await json<{ order: Order }>(
      await api(`/api/orders/${order.id}`, { headers: { Cookie: shopper.cookie } }),
    );
    expect(page.order.pickup).toEqual(pickup);

    const emails = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id));
    expect(emails).toHaveLength(2);
    const shown = formatTimeIn(new Date(startsAt), "America/Los_Angeles");
    for (const email of emails) expect(email.text).toMatch(new RegExp(`Pickup\\W+${shown}`));

    const barista = await createBarista();
    const board = await json<{ orders: { id: string; pickup: unknown }[] }>(
      await api("/api/staff/orders", { headers: { Cookie: barista.cookie } }),
    );
    expect(board.orders.find((entry) => entry.id === order.id)?.pickup).toEqual(pickup);
  });

  it("estimates as soon as possible from the drinks' preparation times", async () => {
    useShopClock();
    const shopper = await createSignedInUser();
    const response = await placeOrder(shopper.cookie, { lines: [sunriseMedium, berrySmall] });
    const { order } = await json<CreateOrderResponse>(response);
    expect(order.pickup?.mode).toBe("asap");
    // Two juices at 3 minutes and a smoothie at 6 (seed/opening-hours.sql), after any queue.
    expect(new Date(order.pickup!.at).getTime() - TUESDAY_NOON.getTime()).toBeGreaterThanOrEqual(12 * MINUTE);
    const emails = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id));
    for (const email of emails) expect(email.text).toMatch(/As soon as possible \(ready around \d{1,2}:\d{2} PM\)/);
  });
});
