import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { isBookedOutsideHours } from "#common/hours/booked-outside-hours";
import type { CreateOrderResponse } from "#common/orders";
import type { StaffOrdersResponse } from "#common/staff-orders";
import { api, json } from "./helpers";
import { createBarista, createSignedInUser } from "./sign-in";
import { ANAHEIM, jsonPost, PHONE, resetShop, useShopClock } from "./store-helpers";

// The owner shortens tomorrow's hours (or closes the day) after shoppers booked pickup times in
// it: the board's location carries the hours as they are now, which mark those orders.

afterEach(async () => {
  await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE status <> 'cancelled'").run();
  await resetShop();
});

/** Tuesday Mar 10, 2026, noon in Anaheim (PDT); the development seed's hours: open all day. */
const TUESDAY_NOON = new Date("2026-03-10T19:00:00.000Z");
/** Wednesday Mar 11, 5:00 p.m. and 9:00 a.m. PDT. */
const WEDNESDAY_5_PM = "2026-03-12T00:00:00.000Z";
const WEDNESDAY_9_AM = "2026-03-11T16:00:00.000Z";

async function book(startsAt: string) {
  const shopper = await createSignedInUser();
  const response = await jsonPost("/api/orders", shopper.cookie, {
    phone: PHONE,
    lines: [{ productId: "prd-sunrise-orange", size: "medium", quantity: 1, note: "" }],
    pickup: { mode: "slot", startsAt },
  });
  expect(response.status).toBe(201);
  return (await json<CreateOrderResponse>(response)).order;
}

async function board(cookie: string) {
  return json<StaffOrdersResponse>(await api("/api/staff/orders", { headers: { Cookie: cookie } }));
}

async function outsideHours(cookie: string) {
  const { location, orders } = await board(cookie);
  return orders.filter((order) => isBookedOutsideHours(order.pickup, location.openingHours)).map((order) => order.id);
}

describe("orders booked outside the new hours", () => {
  it("are the ones a shortened day no longer includes, once the hours change", async () => {
    useShopClock(TUESDAY_NOON);
    const barista = await createBarista();
    const evening = await book(WEDNESDAY_5_PM);
    const morning = await book(WEDNESDAY_9_AM);
    expect(await outsideHours(barista.cookie)).toEqual([]);

    // The owner re-applies the week with Wednesdays 7–3.
    await env.DB.prepare(
      "UPDATE location_hours SET opens = '07:00', closes = '15:00' WHERE location_id = ? AND weekday = 3",
    )
      .bind(ANAHEIM)
      .run();
    const { location } = await board(barista.cookie);
    expect(location.openingHours.weekly).toContainEqual({ weekday: 3, opens: "07:00", closes: "15:00" });
    expect(await outsideHours(barista.cookie)).toEqual([evening.id]);
    expect(morning.id).not.toBe(evening.id);
  });

  it("are every booked order of a day a one-off closure takes, written after they were booked", async () => {
    useShopClock(TUESDAY_NOON);
    const barista = await createBarista();
    const evening = await book(WEDNESDAY_5_PM);
    const morning = await book(WEDNESDAY_9_AM);
    await env.DB.prepare(
      "INSERT INTO location_hours_exceptions (location_id, date, opens, closes, note) VALUES (?, '2026-03-11', NULL, NULL, 'Burst pipe')",
    )
      .bind(ANAHEIM)
      .run();
    expect((await outsideHours(barista.cookie)).sort()).toEqual([evening.id, morning.id].sort());
  });
});
