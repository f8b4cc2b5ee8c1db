import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { Product } from "#common/catalog";
import { api, json } from "./helpers";
import { createBarista } from "./sign-in";
import { ANAHEIM, jsonPost, resetShop, setSlotCapacity, store, TUESDAY_NOON, useShopClock } from "./store-helpers";

afterEach(resetShop);

const MINUTE = 60_000;

describe("GET /api/store", () => {
  it("says the shop is open and taking orders, with its time zone, week and today's slots", async () => {
    useShopClock();
    const response = await api("/api/store");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const status = await json<Awaited<ReturnType<typeof store>>>(response);
    expect(status).toMatchObject({
      locationId: ANAHEIM,
      locationName: "Squeeze Anaheim",
      timeZone: "America/Los_Angeles",
      open: true,
      acceptingOrders: true,
      reason: null,
      pausedUntil: null,
      soldOut: [],
      now: TUESDAY_NOON.toISOString(),
    });
    expect(status.weeklyHours).toHaveLength(7);
    // Open around the clock locally: today's slots run from the soonest ready time to midnight.
    const asap = new Date(status.asapReadyAt!).getTime();
    expect(asap).toBeGreaterThan(TUESDAY_NOON.getTime());
    const first = new Date(status.pickupSlots[0]!.startsAt).getTime();
    expect(first).toBeGreaterThanOrEqual(asap);
    expect(first - asap).toBeLessThan(15 * MINUTE);
    expect(status.pickupSlots.at(-1)!.startsAt).toBe("2026-03-11T06:45:00.000Z"); // 11:45 p.m. PDT
    expect(
      status.pickupSlots.every((slot) => new Date(slot.startsAt).getTime() % (15 * MINUTE) === 0 && !slot.full),
    ).toBe(true);
  });

  it("says when a closed shop opens, and offers no slots", async () => {
    useShopClock();
    await env.DB.prepare(
      "INSERT INTO location_hours_exceptions (location_id, date, opens, closes, note) VALUES (?, '2026-03-10', NULL, NULL, 'Inventory day')",
    )
      .bind(ANAHEIM)
      .run();
    expect(await store()).toMatchObject({
      open: false,
      acceptingOrders: false,
      reason: "closed",
      opensAt: "2026-03-11T07:00:00.000Z", // Wednesday 00:00 PDT
      asapReadyAt: null,
      pickupSlots: [],
    });
  });

  it("lists the days of the next two weeks with other hours, from today on the shop's calendar", async () => {
    // 11:30 p.m. PDT on Tuesday March 10: already Wednesday in UTC, still Tuesday in Anaheim.
    useShopClock(new Date("2026-03-11T06:30:00.000Z"));
    const exception = (date: string, opens: string | null, closes: string | null, note: string) =>
      env.DB.prepare(
        "INSERT INTO location_hours_exceptions (location_id, date, opens, closes, note) VALUES (?, ?, ?, ?, ?)",
      ).bind(ANAHEIM, date, opens, closes, note);
    await env.DB.batch([
      exception("2026-03-09", null, null, "Yesterday"),
      exception("2026-03-10", "00:00", "23:59", "Late night"),
      exception("2026-03-17", null, null, "St. Patrick's Day"),
      exception("2026-03-23", "08:00", "14:00", "Inventory"),
      exception("2026-03-23", "16:00", "18:00", "Inventory"),
      exception("2026-03-24", null, null, "Too far ahead"),
    ]);
    expect((await store()).hoursExceptions).toEqual([
      { date: "2026-03-10", intervals: [{ opens: "00:00", closes: "23:59" }], note: "Late night" },
      { date: "2026-03-17", intervals: [], note: "St. Patrick's Day" },
      {
        date: "2026-03-23",
        intervals: [
          { opens: "08:00", closes: "14:00" },
          { opens: "16:00", closes: "18:00" },
        ],
        note: "Inventory",
      },
    ]);
  });

  it("uses the production hours as written in the seed: Tuesday 7–7 in Anaheim", async () => {
    useShopClock(new Date("2026-03-10T13:30:00.000Z")); // 6:30 a.m. PDT
    await env.DB.batch([
      env.DB.prepare("DELETE FROM location_hours WHERE location_id = ?").bind(ANAHEIM),
      env.DB.prepare(
        "INSERT INTO location_hours (location_id, weekday, opens, closes) VALUES (?, 2, '07:00', '19:00')",
      ).bind(ANAHEIM),
    ]);
    const early = await store();
    expect(early).toMatchObject({
      open: false,
      reason: "closed",
      opensAt: "2026-03-10T14:00:00.000Z",
      closesAt: "2026-03-11T02:00:00.000Z",
    });
  });

  it("flags a full slot as full", async () => {
    useShopClock();
    await setSlotCapacity(0);
    expect((await store()).pickupSlots).toEqual([]);
    await setSlotCapacity(1);
    const slot = (await store()).pickupSlots[2]!.startsAt;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, username, email) VALUES ('u-slot', 'Slot Test', 'slot@example.com')"),
      env.DB.prepare(
        `INSERT INTO orders (id, user_id, location_id, status, payment_mode, payment_state, total_cents, customer_name, customer_email, phone, updated_at)
         VALUES ('o-slot', 'u-slot', 'loc-anaheim', 'completed', 'pay_on_pickup', 'not_required', 0, 'Slot Test', 'slot@example.com', '5551234567', '2026-03-10T19:00:00Z')`,
      ),
      env.DB.prepare(
        "INSERT INTO order_pickups (order_id, location_id, mode, pickup_at) VALUES ('o-slot', ?, 'slot', ?)",
      ).bind(ANAHEIM, slot),
    ]);
    const slots = (await store()).pickupSlots;
    expect(slots.find((entry) => entry.startsAt === slot)).toEqual({ startsAt: slot, full: true, drinksLeft: 12 });
    expect(slots.filter((entry) => entry.full)).toHaveLength(1);
  });

  it("stays small for the pages that poll it: today's slots, and the week ahead only at GET /api/pickup-days", async () => {
    useShopClock();
    const body = await (await api("/api/store")).text();
    const status = JSON.parse(body) as Awaited<ReturnType<typeof store>>;
    expect(status).not.toHaveProperty("pickupDays");
    // Open around the clock locally: noon to midnight is 47 slots left today.
    expect(status.pickupSlots).toHaveLength(47);
    // It carried the week's 650-odd slots too (about 44 kB); a few kB is what every open page polls now.
    expect(body.length).toBeLessThan(6_000);
    const ahead = await (await api("/api/pickup-days")).text();
    expect(ahead.length).toBeGreaterThan(30_000);
  });

  it("refuses an unknown location and a malformed one", async () => {
    const unknown = await api("/api/store?location=loc-nowhere");
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toMatchObject({ error: { code: "invalid_input", field: "location" } });
    const malformed = await api("/api/store?location=%3Cscript%3E");
    expect(malformed.status).toBe(400);
    expect(await json(malformed)).toMatchObject({ error: { field: "location" } });
  });
});

describe("what changes within the day reaches a fresh request while the catalog stays cached", () => {
  it("serves a sold-out mark and a pause at once, with the menu still answered from the edge cache", async () => {
    const barista = await createBarista();
    const menuUrl = "/api/categories/cat-smoothies/products";
    const cachedBefore = await json<Product[]>(await api(menuUrl));
    const versionBefore = await env.DB.prepare("SELECT version FROM catalog_version").first<{ version: number }>();

    // A direct edit of the cached answer's source that bumps nothing would show if D1 were read again.
    expect(
      (
        await jsonPost("/api/staff/availability/sold-out", barista.cookie, {
          productId: "prd-berry-blast",
          size: "all",
          soldOut: true,
        })
      ).status,
    ).toBe(200);
    expect((await jsonPost("/api/staff/availability/pause", barista.cookie, { minutes: 30 })).status).toBe(200);

    const fresh = await store();
    expect(fresh.soldOut).toEqual([{ productId: "prd-berry-blast", size: "all" }]);
    expect(fresh).toMatchObject({ acceptingOrders: false, reason: "paused" });

    const versionAfter = await env.DB.prepare("SELECT version FROM catalog_version").first<{ version: number }>();
    expect(versionAfter).toEqual(versionBefore); // availability is not the catalog: its cache stays valid
    expect(await json<Product[]>(await api(menuUrl))).toEqual(cachedBefore);
  });
});
