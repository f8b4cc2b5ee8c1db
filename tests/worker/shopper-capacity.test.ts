import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { OrderRequest } from "#common/forms/checkout";
import type { CreateOrderResponse } from "#common/orders";
import { json } from "./helpers";
import { createReturningShopper } from "./sign-in";
import { ANAHEIM, jsonPost, PHONE, pickupDays, resetShop, store, TUESDAY_NOON, useShopClock } from "./store-helpers";

const MINUTE = 60_000;
const SHOP_PHONE = "+1 714 215 4499";

/** Sunrise Orange, a fresh juice: 3 minutes a drink. */
function juices(quantity: number) {
  return { productId: "prd-sunrise-orange", size: "medium", quantity, note: "" } as const;
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

async function setStatus(orderId: string, status: string, paymentState?: string) {
  await env.DB.prepare("UPDATE orders SET status = ?, payment_state = coalesce(?, payment_state) WHERE id = ?")
    .bind(status, paymentState ?? null, orderId)
    .run();
}

async function hoursOn(date: string, opens: string, closes: string) {
  await env.DB.prepare("INSERT INTO location_hours_exceptions (location_id, date, opens, closes) VALUES (?, ?, ?, ?)")
    .bind(ANAHEIM, date, opens, closes)
    .run();
}

afterEach(async () => {
  await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE status <> 'cancelled'").run();
  await resetShop();
});

describe("no shopper takes the day: one account holds at most 40 open unpaid drinks", () => {
  it("takes the first of five 40-drink orders as soon as possible and refuses the other four with open_drinks_limit", async () => {
    useShopClock();
    const hoarder = await createReturningShopper();
    const before = await store();
    const tomorrowBefore = (await pickupDays()).find((day) => day.date === "2026-03-11")!;

    const first = await placed(await placeOrder(hoarder.cookie, { lines: [juices(40)] }));
    expect(first.pickup).toMatchObject({ mode: "asap" });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const error = await refusal(await placeOrder(hoarder.cookie, { lines: [juices(40)] }));
      expect(error).toEqual({
        code: "open_drinks_limit",
        field: "lines",
        message: `You already have 40 drinks ordered and not yet paid for; one account can have at most 40 at a time. To order more now, call the shop at ${SHOP_PHONE}.`,
      });
    }
    // A slot far ahead is refused too: the limit counts every pickup time.
    const later = tomorrowBefore.slots[20]!.startsAt;
    expect(
      (
        await refusal(
          await placeOrder(hoarder.cookie, { lines: [juices(1)], pickup: { mode: "slot", startsAt: later } }),
        )
      ).code,
    ).toBe("open_drinks_limit");

    // The queue holds one 40-drink order (2 hours), not 200 drinks; tomorrow's slots are untouched.
    const after = await store();
    expect(Date.parse(after.asapReadyAt!) - Date.parse(before.asapReadyAt!)).toBe(120 * MINUTE);
    expect((await pickupDays()).find((day) => day.date === "2026-03-11")).toEqual(tomorrowBefore);
    // Another shopper's one drink is taken, ready after that one order.
    const other = await placed(await placeOrder((await createReturningShopper()).cookie, { lines: [juices(1)] }));
    expect(other.pickup?.at).toBe(new Date(TUESDAY_NOON.getTime() + 123 * MINUTE).toISOString());
  });

  it("counts received, preparing and ready orders not paid, and frees the room once paid, collected or cancelled", async () => {
    useShopClock();
    const person = await createReturningShopper();
    const days = await pickupDays();
    const slotAhead = {
      mode: "slot",
      startsAt: days.find((day) => day.date === "2026-03-12")!.slots[8]!.startsAt,
    } as const;
    const a = await placed(await placeOrder(person.cookie, { lines: [juices(20)] }));
    const b = await placed(await placeOrder(person.cookie, { lines: [juices(15)], pickup: slotAhead }));
    await setStatus(a.id, "ready");
    await setStatus(b.id, "preparing");
    // 35 open: 5 more fit, 6 do not.
    const six = await refusal(await placeOrder(person.cookie, { lines: [juices(6)] }));
    expect(six.code).toBe("open_drinks_limit");
    expect(six.message).toContain("You already have 35 drinks ordered and not yet paid for");
    expect(six.message).toContain(`call the shop at ${SHOP_PHONE}`);

    // Paid at the counter: those 20 no longer count (the shop has its money).
    await setStatus(a.id, "ready", "paid_at_counter");
    const c = await placed(await placeOrder(person.cookie, { lines: [juices(20)] }));
    // Cancelled and collected orders count for nothing.
    await setStatus(b.id, "cancelled");
    await setStatus(c.id, "completed");
    await placed(await placeOrder(person.cookie, { lines: [juices(40)] }));
  });

  it("refuses a burst of concurrent orders from one account past 40 drinks, whichever arrives first", async () => {
    useShopClock();
    const person = await createReturningShopper();
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => placeOrder(person.cookie, { lines: [juices(15)] })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409]);
    for (const response of responses.filter((entry) => entry.status === 409)) {
      expect((await json<ApiErrorBody>(response)).error.code).toBe("open_drinks_limit");
    }
    const open = await env.DB.prepare(
      `SELECT sum(quantity) AS drinks FROM order_items JOIN orders ON orders.id = order_items.order_id
       WHERE orders.user_id = ? AND orders.status <> 'cancelled'`,
    )
      .bind(person.userId)
      .first<{ drinks: number }>();
    expect(open?.drinks).toBe(30);
  });
});

describe("an order that would be ready after closing is refused with ready_after_closing, never as too large", () => {
  it("refuses one drink as soon as possible two minutes before closing, and offers no as-soon-as-possible then", async () => {
    // Tuesday 7 AM to 7 PM; it is 6:58 PM. One juice takes 3 minutes.
    await hoursOn("2026-03-10", "07:00", "19:00");
    useShopClock(new Date("2026-03-11T01:58:00.000Z"));
    const error = await refusal(await placeOrder((await createReturningShopper()).cookie, { lines: [juices(1)] }));
    expect(error).toEqual({
      code: "ready_after_closing",
      field: "pickup",
      message: "1 drink would be ready around 7:01 PM, after the shop closes at 7:00 PM. Choose a pickup time ahead.",
    });
    expect(error.message).not.toContain("too large");
    // The shop's state offers no "as soon as possible" it cannot keep: the checkout shows the times ahead.
    const status = await store();
    expect(status.acceptingOrders).toBe(true);
    expect(status.asapReadyAt).toBeNull();
    // The first slot that works is the next day's first, and it is taken.
    const first = (await pickupDays()).find((day) => day.slots.length > 0)!.slots[0]!;
    expect(first.startsAt > "2026-03-11T02:00:00.000Z").toBe(true);
    const order = await placed(
      await placeOrder((await createReturningShopper()).cookie, {
        lines: [juices(1)],
        pickup: { mode: "slot", startsAt: first.startsAt },
      }),
    );
    expect(order.pickup).toMatchObject({ mode: "slot", at: first.startsAt });
  });

  it("counts the queue it joins: once other shoppers' drinks fill the hour to closing, as soon as possible is neither offered nor taken", async () => {
    // Tuesday until 7 PM; it is 6 PM. 20 juices (60 minutes) are ready as the shop closes.
    await hoursOn("2026-03-10", "07:00", "19:00");
    useShopClock(new Date("2026-03-11T01:00:00.000Z"));
    expect((await store()).asapReadyAt).toBe("2026-03-11T01:05:00.000Z");
    await placed(await placeOrder((await createReturningShopper()).cookie, { lines: [juices(20)] }));
    expect((await store()).asapReadyAt).toBeNull();
    const error = await refusal(await placeOrder((await createReturningShopper()).cookie, { lines: [juices(1)] }));
    expect(error).toMatchObject({ code: "ready_after_closing", field: "pickup" });
    expect(error.message).toBe(
      "1 drink would be ready around 7:03 PM, after the shop closes at 7:00 PM. Choose a pickup time ahead.",
    );
  });

  it("offers as soon as possible while a drink can still be ready before closing", async () => {
    await hoursOn("2026-03-10", "07:00", "19:00");
    useShopClock(new Date("2026-03-11T01:50:00.000Z"));
    const status = await store();
    // 6:50 PM: a drink at the default 5 minutes is ready at 6:55 PM.
    expect(status.asapReadyAt).toBe("2026-03-11T01:55:00.000Z");
    const order = await placed(await placeOrder((await createReturningShopper()).cookie, { lines: [juices(1)] }));
    expect(order.pickup?.at).toBe("2026-03-11T01:53:00.000Z");
  });
});
