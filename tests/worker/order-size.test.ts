import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { OrderRequest } from "#common/forms/checkout";
import { formatTimeIn } from "#common/hours/format";
import type { CreateOrderResponse } from "#common/orders";
import type { StaffOrdersResponse } from "#common/staff-orders";
import { getDb } from "#worker/db/client";
import { orderSlotDrinks, orders } from "#worker/db/schema";
import { api, json } from "./helpers";
import { placedBy } from "./order-requests";
import { createBarista, createReturningShopper } from "./sign-in";
import { ANAHEIM, jsonPost, PHONE, resetShop, store, TUESDAY_NOON, useShopClock } from "./store-helpers";

const db = getDb(env.DB);
const MINUTE = 60_000;
const LA = "America/Los_Angeles";
const SHOP_PHONE = "+1 714 215 4499";
const TOO_LARGE = `This order is too large to prepare in time: call the shop at ${SHOP_PHONE} to arrange it.`;

/** Sunrise Orange, a fresh juice: 3 minutes a drink (seed/opening-hours.sql). */
function juices(quantity: number, size: "small" | "medium" | "large" = "medium") {
  return { productId: "prd-sunrise-orange", size, quantity, note: "" } as const;
}

function placeOrder(cookie: string, body: Partial<OrderRequest>) {
  return jsonPost("/api/orders", cookie, { phone: PHONE, ...body });
}

async function refusal(response: Response): Promise<ApiErrorBody["error"]> {
  expect(response.status).toBe(409);
  return (await json<ApiErrorBody>(response)).error;
}

async function placed(response: Response): Promise<CreateOrderResponse["order"]> {
  expect(response.status).toBe(201);
  return (await json<CreateOrderResponse>(response)).order;
}

/** Each shopper may place 5 orders in 10 minutes: every test takes fresh ones. */
const shopper = () => createReturningShopper();

async function slotDrinksOf(orderId: string) {
  const rows = await db
    .select({ slotAt: orderSlotDrinks.slotAt, drinks: orderSlotDrinks.drinks })
    .from(orderSlotDrinks)
    .where(eq(orderSlotDrinks.orderId, orderId));
  return rows.sort((a, b) => a.slotAt.localeCompare(b.slotAt));
}

/** Drinks promised to a slot by orders not cancelled. */
async function drinksTakenAt(slotAt: string): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT ifnull(sum(drinks), 0) AS drinks FROM order_slot_drinks JOIN orders ON orders.id = order_id
     WHERE slot_at = ? AND status <> 'cancelled'`,
  )
    .bind(slotAt)
    .first<{ drinks: number }>();
  return row?.drinks ?? 0;
}

/** A day's hours as an exception row: the test's own opening and closing. */
async function hoursOn(date: string, opens: string, closes: string) {
  await env.DB.prepare("INSERT INTO location_hours_exceptions (location_id, date, opens, closes) VALUES (?, ?, ?, ?)")
    .bind(ANAHEIM, date, opens, closes)
    .run();
}

afterEach(async () => {
  // Nothing left in the queue or the slots for the next test: every order still open is cancelled.
  await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE status <> 'cancelled'").run();
  await resetShop();
});

describe("POST /api/orders: an order the counter cannot make in time is refused", () => {
  it("refuses 30 lines × 50 drinks and leaves every slot and the queue as they were", async () => {
    useShopClock();
    const person = await shopper();
    const before = await store();
    for (const pickup of [{ mode: "asap" }, { mode: "slot", startsAt: before.pickupSlots.at(-1)!.startsAt }] as const) {
      const error = await refusal(
        await placeOrder(person.cookie, { lines: Array.from({ length: 30 }, () => juices(50)), pickup }),
      );
      expect(error).toEqual({
        code: "order_too_large",
        field: "lines",
        message: `1500 drinks are more than the 40 we take in one online order. ${TOO_LARGE}`,
      });
    }
    const after = await store();
    expect(after.pickupSlots).toEqual(before.pickupSlots);
    expect(after.pickupSlots.length).toBeGreaterThan(0);
    expect(after.asapReadyAt).toBe(before.asapReadyAt);
    expect(await db.select().from(orders).where(placedBy(person.userId))).toEqual([]);
    expect(await db.select().from(orderSlotDrinks)).toEqual([]);
  });

  it("counts drinks however the cart spells them: one huge line, many small ones, sizes mixed", async () => {
    useShopClock();
    const person = await shopper();
    const spellings: OrderRequest["lines"][] = [
      [juices(50)],
      [juices(41)],
      [juices(20, "small"), juices(20, "medium"), juices(1, "large")],
      Array.from({ length: 30 }, () => juices(2)),
      [juices(39), { productId: "prd-berry-blast", size: "small", quantity: 2, note: "" }],
    ];
    for (const lines of spellings) {
      const error = await refusal(await placeOrder(person.cookie, { lines }));
      expect(error.code).toBe("order_too_large");
      expect(error.message).toContain("too large to prepare in time: call the shop");
    }
    // Past the edge's own bounds (30 lines of at most 50), the request never reaches the shop.
    const overBounds = [Array.from({ length: 31 }, () => juices(1)), [juices(51)]];
    for (const lines of overBounds) {
      const response = await placeOrder(person.cookie, { lines });
      expect(response.status).toBe(400);
      expect((await json<ApiErrorBody>(response)).error.field).toMatch(/^lines/);
    }
    expect(await db.select().from(orders).where(placedBy(person.userId))).toEqual([]);
  });

  it("takes exactly 40 drinks as soon as possible, and refuses 41", async () => {
    useShopClock();
    expect((await refusal(await placeOrder((await shopper()).cookie, { lines: [juices(41)] }))).code).toBe(
      "order_too_large",
    );
    const order = await placed(await placeOrder((await shopper()).cookie, { lines: [juices(40)] }));
    // 40 juices at 3 minutes each, after an empty queue.
    expect(order.pickup).toMatchObject({
      mode: "asap",
      at: new Date(TUESDAY_NOON.getTime() + 120 * MINUTE).toISOString(),
    });
    // "As soon as possible" reserves no slot's drinks: it is the queue.
    expect(await slotDrinksOf(order.id)).toEqual([]);
  });

  it("refuses as soon as possible when it would be ready only after closing, and takes what is ready in time", async () => {
    // Tuesday 7 AM to 7 PM; it is 6 PM.
    await hoursOn("2026-03-10", "07:00", "19:00");
    useShopClock(new Date("2026-03-11T01:00:00.000Z"));
    // 21 juices: 63 minutes, ready at 7:03 PM: not too large, too late (a time ahead takes it).
    const late = await refusal(await placeOrder((await shopper()).cookie, { lines: [juices(21)] }));
    expect(late).toEqual({
      code: "ready_after_closing",
      field: "pickup",
      message: "21 drinks would be ready around 7:03 PM, after the shop closes at 7:00 PM. Choose a pickup time ahead.",
    });
    // 20 juices: ready at 7:00 PM, as the shop closes.
    const inTime = await placed(await placeOrder((await shopper()).cookie, { lines: [juices(20)] }));
    expect(inTime.pickup?.at).toBe("2026-03-11T02:00:00.000Z");
    // Now the queue is full until closing: even one more drink cannot be ready.
    expect((await refusal(await placeOrder((await shopper()).cookie, { lines: [juices(1)] }))).code).toBe(
      "ready_after_closing",
    );
  });
});

describe("a pickup-time order takes one slot, its drinks made in that slot and the ones just before it", () => {
  it("fits 12 drinks in one slot, and its drinks leave the other slots untouched", async () => {
    useShopClock();
    const before = await store();
    expect(before.drinkLimits).toEqual({ perOrder: 40, perSlot: 12 });
    expect(before.pickupSlots.every((slot) => slot.drinksLeft === 12 && !slot.full)).toBe(true);
    // Later today, so the counter has not started on it yet and the queue stays as it is.
    const startsAt = before.pickupSlots[10]!.startsAt;
    const order = await placed(
      await placeOrder((await shopper()).cookie, { lines: [juices(12)], pickup: { mode: "slot", startsAt } }),
    );
    expect(order.pickup).toMatchObject({ mode: "slot", at: startsAt });
    expect(await slotDrinksOf(order.id)).toEqual([{ slotAt: startsAt, drinks: 12 }]);
    const after = await store();
    expect(after.pickupSlots[10]).toEqual({ startsAt, full: false, drinksLeft: 0 });
    expect(after.pickupSlots.filter((_, index) => index !== 10)).toEqual(
      before.pickupSlots.filter((_, index) => index !== 10),
    );
  });

  it("asks notice for 13 to 40 drinks: refused too soon with the first time that works, taken from then on", async () => {
    useShopClock();
    const slots = (await store()).pickupSlots;
    const time = (index: number) => formatTimeIn(new Date(slots[index]!.startsAt), LA);
    const cases = [
      { drinks: 12, first: 0, shares: [12] },
      { drinks: 13, first: 1, shares: [1, 12] },
      { drinks: 24, first: 1, shares: [12, 12] },
      { drinks: 25, first: 2, shares: [1, 12, 12] },
      { drinks: 40, first: 3, shares: [4, 12, 12, 12] },
    ];
    for (const { drinks, first, shares } of cases) {
      const person = await shopper();
      if (first > 0) {
        const tooSoon = await refusal(
          await placeOrder(person.cookie, {
            lines: [juices(drinks)],
            pickup: { mode: "slot", startsAt: slots[first - 1]!.startsAt },
          }),
        );
        expect(tooSoon).toEqual({
          code: "slot_full",
          field: "pickup.startsAt",
          message: `We cannot have ${drinks} drinks ready for pickup at ${time(first - 1)}: the first time we can is ${time(first)}. Choose another time.`,
        });
        expect((await store()).pickupSlots).toEqual(slots);
      }
      const order = await placed(
        await placeOrder(person.cookie, {
          lines: [juices(drinks)],
          pickup: { mode: "slot", startsAt: slots[first]!.startsAt },
        }),
      );
      // Made in its own slot and the ones just before it, the latest full.
      expect(await slotDrinksOf(order.id)).toEqual(
        shares.map((share, index) => ({ slotAt: slots[index]!.startsAt, drinks: share })),
      );
      // The next case starts from the same free morning.
      await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE id = ?").bind(order.id).run();
    }
  });

  it("shares a slot's drinks between orders, and a cancelled order gives its drinks back", async () => {
    useShopClock();
    const slots = (await store()).pickupSlots;
    const at = (index: number) => ({ mode: "slot", startsAt: slots[index]!.startsAt }) as const;
    const drinksLeft = async () => (await store()).pickupSlots.slice(7, 11).map((slot) => slot.drinksLeft);
    const first = await placed(await placeOrder((await shopper()).cookie, { lines: [juices(10)], pickup: at(10) }));
    // Slot 10 has 2 drinks left: the other 12 of this order are made in slot 9.
    const second = await placed(await placeOrder((await shopper()).cookie, { lines: [juices(14)], pickup: at(10) }));
    expect(await slotDrinksOf(second.id)).toEqual([
      { slotAt: slots[9]!.startsAt, drinks: 12 },
      { slotAt: slots[10]!.startsAt, drinks: 2 },
    ]);
    expect(await drinksLeft()).toEqual([12, 12, 0, 0]);
    // 30 more for slot 10: slots 7 to 10 have 24 left. The first time that can is earlier in the day.
    const full = await refusal(await placeOrder((await shopper()).cookie, { lines: [juices(30)], pickup: at(10) }));
    expect(full).toMatchObject({ code: "slot_full", field: "pickup.startsAt" });
    expect(await drinksLeft()).toEqual([12, 12, 0, 0]);

    await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE id = ?").bind(first.id).run();
    expect(await drinksLeft()).toEqual([12, 12, 0, 10]);
  });

  it("refuses a large order no slot left today can make, and takes it while the slots before the last are free", async () => {
    // Tuesday until 7 PM; it is 6 PM: slots at 6:15, 6:30 and 6:45 (36 drinks at most).
    await hoursOn("2026-03-10", "07:00", "19:00");
    useShopClock(new Date("2026-03-11T01:00:00.000Z"));
    const slots = (await store()).pickupSlots;
    expect(slots.map((slot) => slot.startsAt)).toEqual([
      "2026-03-11T01:15:00.000Z",
      "2026-03-11T01:30:00.000Z",
      "2026-03-11T01:45:00.000Z",
    ]);
    const last = { mode: "slot", startsAt: slots[2]!.startsAt } as const;
    const error = await refusal(await placeOrder((await shopper()).cookie, { lines: [juices(37)], pickup: last }));
    expect(error).toEqual({
      code: "order_too_large",
      field: "lines",
      message: `37 drinks cannot be ready for any pickup time left today. ${TOO_LARGE}`,
    });
    expect((await store()).pickupSlots).toEqual(slots);
    const order = await placed(await placeOrder((await shopper()).cookie, { lines: [juices(36)], pickup: last }));
    expect((await slotDrinksOf(order.id)).map((share) => share.drinks)).toEqual([12, 12, 12]);
  });

  it("gives a slot's last drinks to one of several shoppers racing for them, and never over-fills it", async () => {
    useShopClock();
    // One slot per order (12 drinks, 12 a slot): nobody's drinks can move to the slot before.
    await env.DB.prepare("UPDATE location_pickup_settings SET max_drinks_per_order = 12 WHERE location_id = ?")
      .bind(ANAHEIM)
      .run();
    const startsAt = (await store()).pickupSlots[6]!.startsAt;
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => shopper()));
    const responses = await Promise.all(
      shoppers.map((person) => placeOrder(person.cookie, { lines: [juices(12)], pickup: { mode: "slot", startsAt } })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);
    for (const response of responses.filter((entry) => entry.status === 409)) {
      expect((await json<ApiErrorBody>(response)).error.code).toBe("slot_full");
    }
    expect(await drinksTakenAt(startsAt)).toBe(12);
  });

  it("has the database refuse drinks past a slot's limit, however they are written", async () => {
    useShopClock();
    const startsAt = (await store()).pickupSlots[4]!.startsAt;
    const [one, two] = await Promise.all([shopper(), shopper()]);
    const first = await placed(
      await placeOrder(one.cookie, { lines: [juices(8)], pickup: { mode: "slot", startsAt } }),
    );
    const second = await placed(await placeOrder(two.cookie, { lines: [juices(1)] }));
    const write = (orderId: string, drinks: number) =>
      env.DB.prepare("INSERT INTO order_slot_drinks (order_id, location_id, slot_at, drinks) VALUES (?, ?, ?, ?)")
        .bind(orderId, ANAHEIM, startsAt, drinks)
        .run();
    await expect(write(second.id, 5)).rejects.toThrow(/pickup_slot_drinks_full/);
    await write(second.id, 4);
    expect(await drinksTakenAt(startsAt)).toBe(12);
    // A cancelled order's drinks are free again.
    await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE id = ?").bind(first.id).run();
    expect(await drinksTakenAt(startsAt)).toBe(4);
  });

  it("puts a pickup-time order in the queue only once the counter starts on it", async () => {
    const clock = useShopClock();
    const before = await store();
    const late = before.pickupSlots.at(-1)!.startsAt;
    const order = await placed(
      await placeOrder((await shopper()).cookie, { lines: [juices(30)], pickup: { mode: "slot", startsAt: late } }),
    );
    // Hours before its slots, "as soon as possible" and the day's earlier slots are as they were.
    const after = await store();
    expect(after.asapReadyAt).toBe(before.asapReadyAt);
    expect(after.pickupSlots.slice(0, -3)).toEqual(before.pickupSlots.slice(0, -3));

    // Once its first slot's quarter hour has begun, its drinks are what the counter is making.
    const [firstShare] = await slotDrinksOf(order.id);
    clock.advance(Date.parse(firstShare!.slotAt) - 15 * MINUTE - clock.now().getTime());
    const making = await store();
    expect(Date.parse(making.asapReadyAt!) - clock.now().getTime()).toBeGreaterThanOrEqual(30 * 3 * MINUTE);
  });
});

describe("the limits and the time zone", () => {
  it("reads the limits from SQL: an owner's change applies to the next order", async () => {
    useShopClock();
    await env.DB.prepare(
      "UPDATE location_pickup_settings SET max_drinks_per_order = 10, max_drinks_per_slot = 5 WHERE location_id = ?",
    )
      .bind(ANAHEIM)
      .run();
    const status = await store();
    expect(status.drinkLimits).toEqual({ perOrder: 10, perSlot: 5 });
    expect(status.pickupSlots[0]!.drinksLeft).toBe(5);
    const error = await refusal(await placeOrder((await shopper()).cookie, { lines: [juices(11)] }));
    expect(error.message).toBe(`11 drinks are more than the 10 we take in one online order. ${TOO_LARGE}`);
    // 10 drinks at 5 a slot: made in two slots.
    const order = await placed(
      await placeOrder((await shopper()).cookie, {
        lines: [juices(10)],
        pickup: { mode: "slot", startsAt: status.pickupSlots[1]!.startsAt },
      }),
    );
    expect((await slotDrinksOf(order.id)).map((share) => share.drinks)).toEqual([5, 5]);
  });

  it.each([
    // Spring forward (PST → PDT at 2 AM): 5 PM is 00:00 UTC.
    { date: "2026-03-08", now: "2026-03-08T22:30:00.000Z", closes: "2026-03-09T00:00:00.000Z" },
    // Fall back (PDT → PST at 2 AM): 5 PM is 01:00 UTC.
    { date: "2026-11-01", now: "2026-11-01T23:30:00.000Z", closes: "2026-11-02T01:00:00.000Z" },
  ])("closes at 5 PM on the clock-change day $date, as the shop's clock says", async ({ date, now, closes }) => {
    await hoursOn(date, "09:00", "17:00");
    useShopClock(new Date(now));
    const status = await store();
    expect(status.closesAt).toBe(closes);
    // The last slot starts at 4:45 PM local.
    expect(status.pickupSlots.at(-1)!.startsAt).toBe(new Date(Date.parse(closes) - 15 * MINUTE).toISOString());
    // It is 3:30 PM: 30 juices (90 minutes) are ready as the shop closes; 31 are not.
    const tooLate = await refusal(await placeOrder((await shopper()).cookie, { lines: [juices(31)] }));
    expect(tooLate.message).toContain("after the shop closes at 5:00 PM");
    const inTime = await placed(await placeOrder((await shopper()).cookie, { lines: [juices(30)] }));
    expect(inTime.pickup?.at).toBe(closes);
  });
});

describe("the board marks a large order", () => {
  it("gives the board the location's drink limits and the order's drinks", async () => {
    useShopClock();
    const order = await placed(await placeOrder((await shopper()).cookie, { lines: [juices(10), juices(8, "large")] }));
    const board = await json<StaffOrdersResponse>(
      await api("/api/staff/orders", { headers: { Cookie: (await createBarista()).cookie } }),
    );
    expect(board.location.drinkLimits).toEqual({ perOrder: 40, perSlot: 12 });
    const ticket = board.orders.find((entry) => entry.id === order.id);
    expect(ticket?.lines.map((line) => line.quantity)).toEqual([10, 8]);
  });
});
