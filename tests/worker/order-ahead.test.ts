import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { PickupDaysResponse } from "#common/availability";
import type { OrderRequest } from "#common/forms/checkout";
import { PICKUP_SLOT_MINUTES } from "#common/hours/pickup-slots";
import type { CreateOrderResponse } from "#common/orders";
import type { StaffOrder, StaffOrdersResponse } from "#common/staff-orders";
import { api, json } from "./helpers";
import { openSocket } from "./live-sockets";
import { createBarista, createReturningShopper } from "./sign-in";
import { ANAHEIM, jsonPost, PHONE, pickupDays, resetShop, setSlotCapacity, store, useShopClock } from "./store-helpers";

const MINUTE = 60_000;

/** Sunrise Orange, a fresh juice: 3 minutes a drink (seed/opening-hours.sql). */
function juices(quantity: number) {
  return { productId: "prd-sunrise-orange", size: "medium", quantity, note: "" } as const;
}

function placeOrder(body: Partial<OrderRequest>) {
  // Each shopper may place 5 orders in 10 minutes: every order takes a fresh one.
  return createReturningShopper().then((shopper) => jsonPost("/api/orders", shopper.cookie, { phone: PHONE, ...body }));
}

const slot = (startsAt: string) => ({ mode: "slot", startsAt }) as const;

async function refusal(response: Response): Promise<ApiErrorBody["error"]> {
  expect(response.status).toBe(409);
  return (await json<ApiErrorBody>(response)).error;
}

async function placed(response: Response): Promise<CreateOrderResponse["order"]> {
  expect(response.status).toBe(201);
  return (await json<CreateOrderResponse>(response)).order;
}

/** The shop's own week (seed/opening-hours.sql) instead of the development seed's all-day hours. */
async function useShopWeek(week: [number, string, string][] = SHOP_WEEK) {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM location_hours WHERE location_id = ?").bind(ANAHEIM),
    ...week.map(([weekday, opens, closes]) =>
      env.DB.prepare("INSERT INTO location_hours (location_id, weekday, opens, closes) VALUES (?, ?, ?, ?)").bind(
        ANAHEIM,
        weekday,
        opens,
        closes,
      ),
    ),
  ]);
}

const SHOP_WEEK: [number, string, string][] = [
  [1, "07:00", "19:00"],
  [2, "07:00", "19:00"],
  [3, "07:00", "19:00"],
  [4, "07:00", "19:00"],
  [5, "07:00", "20:00"],
  [6, "08:00", "20:00"],
  [0, "09:00", "17:00"],
];

async function exceptionOn(date: string, opens: string | null, closes: string | null, note = "Test hours") {
  await env.DB.prepare(
    "INSERT INTO location_hours_exceptions (location_id, date, opens, closes, note) VALUES (?, ?, ?, ?, ?)",
  )
    .bind(ANAHEIM, date, opens, closes, note)
    .run();
}

async function boardTicket(orderId: string) {
  const board = await json<StaffOrdersResponse>(
    await api("/api/staff/orders", { headers: { Cookie: (await createBarista()).cookie } }),
  );
  return board.orders.find((order) => order.id === orderId);
}

afterEach(async () => {
  await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE status <> 'cancelled'").run();
  await resetShop();
});

/** Wednesday Nov 25, 2026, 10 p.m. in Anaheim (PST): closed; Thursday is Thanksgiving. */
const WEDNESDAY_NIGHT = new Date("2026-11-26T06:00:00.000Z");

describe("ordering ahead: GET /api/pickup-days offers the next seven days' slots", () => {
  it("offers the open days of the week ahead while closed, skipping the holiday, and no as soon as possible", async () => {
    useShopClock(WEDNESDAY_NIGHT);
    await useShopWeek();
    await exceptionOn("2026-11-26", null, null, "Thanksgiving Day");
    const status = await store();
    expect(status).toMatchObject({ open: false, acceptingOrders: false, reason: "closed", asapReadyAt: null });
    expect(status.pickupSlots).toEqual([]);
    const response = await api("/api/pickup-days");
    expect(response.headers.get("cache-control")).toBe("no-store");
    // The browser's next read is no older than this one (D1 sessions, as for GET /api/store).
    expect(response.headers.get("set-cookie")).toContain("squeeze_d1_bookmark=");
    const days = (await json<PickupDaysResponse>(response)).pickupDays;
    // Today is over, Thanksgiving is closed; the seventh day is Tuesday Dec 1.
    expect(days.map((day) => day.date)).toEqual(["2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01"]);
    const friday = days[0]!.slots;
    // Friday 7 AM to 8 PM PST: 52 quarter hours, the last one starting at 7:45 PM.
    expect(friday).toHaveLength(52);
    expect(friday[0]).toEqual({ startsAt: "2026-11-27T15:00:00.000Z", full: false, drinksLeft: 12 });
    expect(friday.at(-1)!.startsAt).toBe("2026-11-28T03:45:00.000Z");
    // The slot length is fixed at 15 minutes (not an owner's setting): every start is a quarter hour.
    const all = days.flatMap((day) => day.slots.map((entry) => Date.parse(entry.startsAt)));
    expect(PICKUP_SLOT_MINUTES).toBe(15);
    expect(all.every((at) => at % (15 * MINUTE) === 0)).toBe(true);
  });

  it("refuses an unknown location and a malformed one, naming the field", async () => {
    // Midday: late in the evening today has no slot left and the week shows six days.
    useShopClock(new Date("2026-03-10T19:00:00.000Z"));
    expect((await api("/api/pickup-days?location=loc-nowhere")).status).toBe(400);
    for (const location of ["%3Cscript%3E", "loc-anaheim'%20OR%201=1", "..%2Fstaff"]) {
      const malformed = await api(`/api/pickup-days?location=${location}`);
      expect(malformed.status).toBe(400);
      expect(await json(malformed)).toMatchObject({ error: { field: "location" } });
    }
    expect(await pickupDays(`?location=${ANAHEIM}`)).toHaveLength(7);
  });

  it("offers nothing ahead while paused: the counter is overwhelmed now", async () => {
    useShopClock(new Date("2026-03-10T19:00:00.000Z"));
    const barista = await createBarista();
    expect((await jsonPost("/api/staff/availability/pause", barista.cookie, { minutes: 15 })).status).toBe(200);
    expect(await pickupDays()).toEqual([]);
    const error = await refusal(await placeOrder({ lines: [juices(1)], pickup: slot("2026-03-11T16:00:00.000Z") }));
    expect(error.code).toBe("ordering_paused");
  });
});

describe("ordering ahead: POST /api/orders", () => {
  it("takes an order for tomorrow morning while closed, and refuses as soon as possible, the holiday and the eighth day", async () => {
    useShopClock(WEDNESDAY_NIGHT);
    await useShopWeek();
    await exceptionOn("2026-11-26", null, null, "Thanksgiving Day");
    // Friday 7:15 AM PST.
    const order = await placed(await placeOrder({ lines: [juices(2)], pickup: slot("2026-11-27T15:15:00.000Z") }));
    expect(order.pickup).toMatchObject({ mode: "slot", at: "2026-11-27T15:15:00.000Z" });

    expect((await refusal(await placeOrder({ lines: [juices(1)] }))).code).toBe("store_closed");
    for (const startsAt of [
      "2026-11-26T15:15:00.000Z", // Thanksgiving, 7:15 AM
      "2026-12-02T15:15:00.000Z", // Wednesday Dec 2: the eighth day
      "2026-11-27T15:10:00.000Z", // not the start of a slot
      "2026-11-27T13:00:00.000Z", // Friday 5 AM, before opening
      "2026-11-28T04:00:00.000Z", // Friday 8 PM: closing time, no slot left in the day
    ]) {
      const error = await refusal(await placeOrder({ lines: [juices(1)], pickup: slot(startsAt) }));
      expect(error).toMatchObject({ code: "slot_invalid", field: "pickup.startsAt" });
    }
  });

  it("takes a delivery for a time ahead while closed: it leaves the shop then", async () => {
    useShopClock(WEDNESDAY_NIGHT);
    await useShopWeek();
    const order = await placed(
      await placeOrder({
        lines: [juices(1)],
        fulfilment: "delivery",
        street: "1200 W Lincoln Ave",
        zip: "92805",
        pickup: slot("2026-11-27T16:00:00.000Z"),
      }),
    );
    expect(order.pickup).toMatchObject({ mode: "slot", at: "2026-11-27T16:00:00.000Z" });
    const asap = await placeOrder({
      lines: [juices(1)],
      fulfilment: "delivery",
      street: "1200 W Lincoln Ave",
      zip: "92805",
    });
    expect((await refusal(asap)).code).toBe("store_closed");
  });

  it("applies a slot's places and drinks to a day ahead as to today", async () => {
    useShopClock(WEDNESDAY_NIGHT);
    await useShopWeek();
    await setSlotCapacity(1);
    await placed(await placeOrder({ lines: [juices(1)], pickup: slot("2026-11-27T15:15:00.000Z") }));
    const full = await refusal(await placeOrder({ lines: [juices(1)], pickup: slot("2026-11-27T15:15:00.000Z") }));
    expect(full).toMatchObject({ code: "slot_full", field: "pickup.startsAt" });

    await setSlotCapacity(4);
    // The day's first slot: 12 drinks fill it, and a 13th has no slot before it to be made in.
    await placed(await placeOrder({ lines: [juices(12)], pickup: slot("2026-11-27T15:00:00.000Z") }));
    const noRoom = await refusal(await placeOrder({ lines: [juices(1)], pickup: slot("2026-11-27T15:00:00.000Z") }));
    expect(noRoom.code).toBe("slot_full");
    const friday = (await pickupDays()).find((day) => day.date === "2026-11-27")!.slots;
    expect(friday[0]).toMatchObject({ drinksLeft: 0 });
    expect(friday[1]).toMatchObject({ full: false, drinksLeft: 11 });
  });

  it("takes an order placed before opening for today's first slot", async () => {
    useShopClock(new Date("2026-03-10T13:30:00.000Z")); // Tuesday 6:30 AM PDT
    await useShopWeek();
    const status = await store();
    expect(status.reason).toBe("closed");
    const [today] = await pickupDays();
    expect(today!.date).toBe("2026-03-10");
    expect(today!.slots[0]!.startsAt).toBe("2026-03-10T14:00:00.000Z"); // 7:00 AM
    const order = await placed(await placeOrder({ lines: [juices(1)], pickup: slot("2026-03-10T14:00:00.000Z") }));
    expect(order.pickup?.at).toBe("2026-03-10T14:00:00.000Z");
    expect((await refusal(await placeOrder({ lines: [juices(1)] }))).code).toBe("store_closed");
  });

  it("takes as soon as possible after the last slot while it can be ready by closing, and offers tomorrow", async () => {
    const clock = useShopClock(new Date("2026-03-11T01:50:00.000Z")); // Tuesday 6:50 PM PDT, closes at 7
    await useShopWeek();
    const status = await store();
    expect(status.pickupSlots).toEqual([]);
    expect((await pickupDays())[0]!.date).toBe("2026-03-11");
    const passed = await refusal(await placeOrder({ lines: [juices(1)], pickup: slot("2026-03-11T01:45:00.000Z") }));
    expect(passed.code).toBe("slot_invalid");
    const asap = await placed(await placeOrder({ lines: [juices(1)] }));
    expect(asap.pickup).toMatchObject({ mode: "asap", at: "2026-03-11T01:53:00.000Z" });

    clock.advance(8 * MINUTE); // 6:58 PM: one more juice would be ready after 7
    const late = await refusal(await placeOrder({ lines: [juices(1)] }));
    expect(late.code).toBe("ready_after_closing");
    await placed(await placeOrder({ lines: [juices(1)], pickup: slot("2026-03-11T14:00:00.000Z") }));
  });

  it("starts the preparation of a late shift's order before midnight, and the board holds it until then", async () => {
    // Tuesday 6 PM to 2 AM; it is 11:40 PM PDT.
    useShopClock(new Date("2026-03-11T06:40:00.000Z"));
    await useShopWeek([[2, "18:00", "02:00"]]);
    // The shift's slots after midnight are Tuesday's, as its hours are.
    const tuesday = (await pickupDays()).find((day) => day.date === "2026-03-10")!.slots;
    expect(tuesday.at(-1)!.startsAt).toBe("2026-03-11T08:45:00.000Z"); // 1:45 AM Wednesday
    // Six juices, 18 minutes, for 12:15 AM: the counter starts at 11:57 PM on Tuesday.
    const board = await openSocket("/api/live/board", (await createBarista()).cookie);
    const order = await placed(await placeOrder({ lines: [juices(6)], pickup: slot("2026-03-11T07:15:00.000Z") }));
    // An open board hears it with its start, as it reads it afterwards.
    const heard = await board.next<{ type: string; order?: StaffOrder }>(
      (message) => message.type === "order" && message.order?.id === order.id,
    );
    board.close();
    expect(heard.order?.prepStartsAt).toBe("2026-03-11T06:57:00.000Z");
    const ticket = await boardTicket(order.id);
    expect(ticket).toMatchObject({ status: "received", prepStartsAt: "2026-03-11T06:57:00.000Z" });
    const asap = await placed(await placeOrder({ lines: [juices(1)] }));
    expect((await boardTicket(asap.id))?.prepStartsAt).toBeNull();
  });
});

describe("ordering ahead across the daylight-saving days in Anaheim", () => {
  it("spring forward, Sunday Mar 8, 2026: a 23-hour day, and 9 AM is PDT", async () => {
    useShopClock(new Date("2026-03-07T04:00:00.000Z")); // Friday Mar 6, 8 PM PST
    await useShopWeek();
    await exceptionOn("2026-03-09", "00:00", "00:00"); // Monday open all day
    const days = await pickupDays();
    const sunday = days.find((day) => day.date === "2026-03-08")!.slots;
    expect(sunday).toHaveLength(32); // 9 AM to 5 PM
    expect(sunday[0]!.startsAt).toBe("2026-03-08T16:00:00.000Z"); // 9:00 AM PDT
    expect(days.find((day) => day.date === "2026-03-07")!.slots[0]!.startsAt).toBe("2026-03-07T16:00:00.000Z"); // 8 AM PST
    expect(days.find((day) => day.date === "2026-03-09")!.slots).toHaveLength(96);

    await exceptionOn("2026-03-08", "00:00", "00:00");
    const allDay = (await pickupDays()).find((day) => day.date === "2026-03-08")!.slots;
    expect(allDay).toHaveLength(92); // 2:00–3:00 AM never happens
    expect(allDay[0]!.startsAt).toBe("2026-03-08T08:00:00.000Z"); // midnight PST
    expect(allDay.at(-1)!.startsAt).toBe("2026-03-09T06:45:00.000Z"); // 11:45 PM PDT
    // 1:45 AM PST is followed by 3:00 AM PDT.
    const index = allDay.findIndex((entry) => entry.startsAt === "2026-03-08T09:45:00.000Z");
    expect(allDay[index + 1]!.startsAt).toBe("2026-03-08T10:00:00.000Z");
    const order = await placed(await placeOrder({ lines: [juices(1)], pickup: slot("2026-03-08T10:00:00.000Z") }));
    expect(order.pickup?.at).toBe("2026-03-08T10:00:00.000Z"); // 3:00 AM PDT
  });

  it("fall back, Sunday Nov 1, 2026: a 25-hour day, and 9 AM is PST", async () => {
    useShopClock(new Date("2026-10-31T03:00:00.000Z")); // Friday Oct 30, 8 PM PDT
    await useShopWeek();
    const sunday = (await pickupDays()).find((day) => day.date === "2026-11-01")!.slots;
    expect(sunday).toHaveLength(32);
    expect(sunday[0]!.startsAt).toBe("2026-11-01T17:00:00.000Z"); // 9:00 AM PST

    await exceptionOn("2026-11-01", "00:00", "00:00");
    const allDay = (await pickupDays()).find((day) => day.date === "2026-11-01")!.slots;
    expect(allDay).toHaveLength(100); // 1:00–2:00 AM happens twice
    // 1:15 AM PST, the second 1:15 of the night, is a slot of its own.
    const order = await placed(await placeOrder({ lines: [juices(1)], pickup: slot("2026-11-01T09:15:00.000Z") }));
    expect(order.pickup?.at).toBe("2026-11-01T09:15:00.000Z");
    expect((await boardTicket(order.id))?.prepStartsAt).toBe("2026-11-01T09:12:00.000Z");
  });
});
