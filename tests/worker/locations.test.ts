import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { LocationSummary, LocationsResponse } from "#common/locations";
import { seedZipCentroids } from "./fresh-database";
import { api, json } from "./helpers";
import { resetShop, useShopClock } from "./store-helpers";

afterEach(async () => {
  vi.restoreAllMocks();
  await env.DB.prepare("UPDATE locations SET takes_online_orders = 1").run();
  await resetShop();
});

type Hours = [weekday: number, opens: string, closes: string][];
const EVERY_DAY = (opens: string, closes: string): Hours => [0, 1, 2, 3, 4, 5, 6].map((day) => [day, opens, closes]);

/** A shop's weekly hours replaced by these (resetShop puts the seed's back). */
async function setHours(locationId: string, hours: Hours): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM location_hours WHERE location_id = ?").bind(locationId),
    ...hours.map(([weekday, opens, closes]) =>
      env.DB.prepare("INSERT INTO location_hours (location_id, weekday, opens, closes) VALUES (?, ?, ?, ?)").bind(
        locationId,
        weekday,
        opens,
        closes,
      ),
    ),
  ]);
}

/** The seed's own weekly hours (seed/opening-hours.sql) for the three shops. */
async function seedHours(): Promise<void> {
  await setHours("loc-anaheim", [
    ...[1, 2, 3, 4].map((day): Hours[number] => [day, "07:00", "19:00"]),
    [5, "07:00", "20:00"],
    [6, "08:00", "20:00"],
    [0, "09:00", "17:00"],
  ]);
  await setHours("loc-fullerton", [
    ...[1, 2, 3, 4, 5].map((day): Hours[number] => [day, "06:30", "18:00"]),
    [6, "08:00", "16:00"],
  ]);
  await setHours("loc-scottsdale", [
    ...[1, 2, 3, 4, 5].map((day): Hours[number] => [day, "06:00", "15:00"]),
    [6, "07:00", "14:00"],
    [0, "07:00", "14:00"],
  ]);
}

async function locations(query = ""): Promise<LocationSummary[]> {
  const response = await api(`/api/locations${query}`);
  expect(response.status).toBe(200);
  return (await json<LocationsResponse>(response)).locations;
}

function byId(list: LocationSummary[], id: string): LocationSummary {
  const found = list.find((shop) => shop.id === id);
  if (!found) throw new Error(`${id} is not listed`);
  return found;
}

describe("GET /api/locations: each shop on its own clock", () => {
  it("lists the three shops with their address, coordinates, zone, pickup and delivery", async () => {
    useShopClock(new Date("2026-06-02T18:00:00.000Z"));
    const response = await api("/api/locations");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=30, s-maxage=60");
    const list = (await json<LocationsResponse>(response)).locations;
    expect(list.map((shop) => shop.name)).toEqual(["Squeeze Anaheim", "Squeeze Fullerton", "Squeeze Scottsdale"]);
    expect(byId(list, "loc-scottsdale")).toMatchObject({
      slug: "scottsdale",
      address: "7014 East Camelback Rd, Scottsdale, AZ 85251",
      phone: "+1 480 555 0177",
      latitude: 33.5021,
      longitude: -111.9298,
      timeZone: "America/Phoenix",
      offersPickup: true,
      offersDelivery: false,
    });
    expect(byId(list, "loc-fullerton")).toMatchObject({ offersDelivery: true, timeZone: "America/Los_Angeles" });
    expect(byId(list, "loc-anaheim")).toMatchObject({ offersDelivery: true });
    expect(list.every((shop) => shop.distanceMiles === undefined)).toBe(true);
    // Open around the clock (the development hours): open, with no closing time and no next opening.
    expect(byId(list, "loc-anaheim")).toMatchObject({
      openNow: true,
      todayHours: [{ opens: "00:00", closes: "00:00" }],
      closesAt: null,
      nextOpening: null,
    });
  });

  it("says Anaheim is open and Scottsdale closed at the same instant, with today's hours and the next opening", async () => {
    await seedHours();
    // Tuesday 3:30 PM in Anaheim (PDT) and in Scottsdale (MST, no daylight saving): Scottsdale closed at 3 PM.
    useShopClock(new Date("2026-03-10T22:30:00.000Z"));
    const list = await locations();
    expect(byId(list, "loc-anaheim")).toMatchObject({
      openNow: true,
      todayHours: [{ opens: "07:00", closes: "19:00" }],
      closesAt: "2026-03-11T02:00:00.000Z",
      nextOpening: "2026-03-11T14:00:00.000Z",
    });
    expect(byId(list, "loc-fullerton")).toMatchObject({ openNow: true, closesAt: "2026-03-11T01:00:00.000Z" });
    expect(byId(list, "loc-scottsdale")).toMatchObject({
      openNow: false,
      todayHours: [{ opens: "06:00", closes: "15:00" }],
      closesAt: null,
      // Wednesday 6 AM on Arizona's clock.
      nextOpening: "2026-03-11T13:00:00.000Z",
    });
  });

  it("takes today from the shop's calendar, not the server's (UTC) one", async () => {
    await seedHours();
    // Saturday 10 PM in Anaheim is Sunday 05:00 UTC: Saturday's hours, and closed (Anaheim closes at 8).
    useShopClock(new Date("2026-06-07T05:00:00.000Z"));
    const list = await locations();
    expect(byId(list, "loc-anaheim")).toMatchObject({
      openNow: false,
      todayHours: [{ opens: "08:00", closes: "20:00" }],
      // Sunday 9 AM PDT.
      nextOpening: "2026-06-07T16:00:00.000Z",
    });
    expect(byId(list, "loc-scottsdale")).toMatchObject({ todayHours: [{ opens: "07:00", closes: "14:00" }] });
    // Fullerton does not open on Sundays: after Saturday evening comes Monday 6:30 AM PDT.
    expect(byId(list, "loc-fullerton")).toMatchObject({
      todayHours: [{ opens: "08:00", closes: "16:00" }],
      nextOpening: "2026-06-08T13:30:00.000Z",
    });
  });

  it.each([
    // Spring forward (Los Angeles, 2026-03-08): the day before, 7:15 in Phoenix is 6:15 in Los Angeles.
    ["2026-03-07T14:15:00.000Z", { anaheim: false, scottsdale: true }],
    ["2026-03-08T14:15:00.000Z", { anaheim: true, scottsdale: true }],
    // Fall back (2026-11-01): the day before, both read 7:15; that morning Los Angeles reads 6:15.
    ["2026-10-31T14:15:00.000Z", { anaheim: true, scottsdale: true }],
    ["2026-11-01T14:15:00.000Z", { anaheim: false, scottsdale: true }],
  ])("keeps Phoenix's clock apart from Los Angeles' around daylight saving (%s)", async (instant, open) => {
    await setHours("loc-anaheim", EVERY_DAY("07:00", "15:00"));
    await setHours("loc-scottsdale", EVERY_DAY("07:00", "15:00"));
    useShopClock(new Date(instant));
    const list = await locations();
    expect(byId(list, "loc-anaheim").openNow).toBe(open.anaheim);
    expect(byId(list, "loc-scottsdale").openNow).toBe(open.scottsdale);
  });

  it("names the next opening on each shop's clock across the change of clocks", async () => {
    await setHours("loc-anaheim", EVERY_DAY("07:00", "15:00"));
    await setHours("loc-scottsdale", EVERY_DAY("07:00", "15:00"));
    // Sunday 2026-11-01, 6:20 AM PST in Los Angeles: it opens at 7 AM PST (15:00 UTC, not 14:00 as the day before).
    useShopClock(new Date("2026-11-01T14:20:00.000Z"));
    const list = await locations();
    expect(byId(list, "loc-anaheim").nextOpening).toBe("2026-11-01T15:00:00.000Z");
    // Open in Phoenix until 3 PM MST; it next opens Monday 7 AM MST.
    expect(byId(list, "loc-scottsdale")).toMatchObject({
      closesAt: "2026-11-01T22:00:00.000Z",
      nextOpening: "2026-11-02T14:00:00.000Z",
    });
  });

  it("leaves out a shop that does not take online orders, and answers 404 for it by slug", async () => {
    useShopClock(new Date("2026-06-03T18:00:00.000Z"));
    await env.DB.prepare("UPDATE locations SET takes_online_orders = 0 WHERE id = 'loc-fullerton'").run();
    expect((await locations()).map((shop) => shop.id)).toEqual(["loc-anaheim", "loc-scottsdale"]);
    expect((await api("/api/locations/fullerton")).status).toBe(404);
  });
});

describe("GET /api/locations/:slug", () => {
  it("answers one shop by its slug", async () => {
    await seedHours();
    useShopClock(new Date("2026-03-10T22:31:00.000Z"));
    const response = await api("/api/locations/scottsdale");
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ id: "loc-scottsdale", name: "Squeeze Scottsdale", openNow: false });
  });

  it.each(["portland", "loc-scottsdale", "scottsdale-2"])(
    "answers 404 for %s, which is no shop's slug",
    async (slug) => {
      const response = await api(`/api/locations/${slug}`);
      expect(response.status).toBe(404);
      expect(await json(response)).toMatchObject({ error: { code: "not_found" } });
    },
  );

  it.each(["Scottsdale", "scott%20sdale", "-scottsdale", "scottsdale'--", "a".repeat(65)])(
    "refuses %s as a slug, naming it",
    async (slug) => {
      const response = await api(`/api/locations/${slug}`);
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ error: { code: "invalid_input", field: "slug" } });
    },
  );
});

describe("GET /api/locations sorted by distance", () => {
  beforeAll(seedZipCentroids);

  it.each([
    ["92832", ["loc-fullerton", "loc-anaheim", "loc-scottsdale"]],
    ["92804", ["loc-anaheim", "loc-fullerton", "loc-scottsdale"]],
    ["85251", ["loc-scottsdale", "loc-fullerton", "loc-anaheim"]],
  ])("from the ZIP code %s, nearest first", async (zip, order) => {
    useShopClock(new Date("2026-06-04T18:00:00.000Z"));
    const outside = vi.spyOn(globalThis, "fetch");
    const list = await locations(`?zip=${zip}`);
    expect(list.map((shop) => shop.id)).toEqual(order);
    const miles = list.map((shop) => shop.distanceMiles!);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    // The nearest is a few miles away; the farthest, across the state line, some 300.
    expect(miles[0]).toBeLessThan(5);
    expect(miles[2]).toBeGreaterThan(250);
    expect(miles[2]).toBeLessThan(400);
    // Nobody outside was asked where the ZIP code is.
    expect(outside).not.toHaveBeenCalled();
  });

  it("from a point, as a browser's position gives it, without caching it at the edge", async () => {
    useShopClock(new Date("2026-06-04T18:00:00.000Z"));
    const response = await api("/api/locations?near=33.4942,-111.9261");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=30");
    const list = (await json<LocationsResponse>(response)).locations;
    expect(list.map((shop) => shop.id)).toEqual(["loc-scottsdale", "loc-fullerton", "loc-anaheim"]);
    expect(list[0]!.distanceMiles).toBeLessThan(1);
    const fullerton = await locations("?near=%2033.87%20,%20-117.92%20");
    expect(fullerton[0]!.id).toBe("loc-fullerton");
  });

  it.each([
    "9283",
    "928321",
    "abcde",
    "92 832",
    "",
    "92832-1234",
    "92832'%20OR%201=1",
    "%EF%BC%99%EF%BC%92%EF%BC%98%EF%BC%93%EF%BC%92",
  ])("refuses the ZIP code %j, naming zip", async (zip) => {
    const response = await api(`/api/locations?zip=${zip}`);
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ error: { code: "invalid_input", field: "zip" } });
  });

  it.each(["33.8", "91,0", "0,181", "abc,def", "33.8;-117.9", "", "1e3,2", "33.8,-117.9,5", "NaN,NaN"])(
    "refuses the position %j, naming near",
    async (near) => {
      const response = await api(`/api/locations?near=${encodeURIComponent(near)}`);
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ error: { code: "invalid_input", field: "near" } });
    },
  );

  it("refuses a ZIP code and a position together", async () => {
    const response = await api("/api/locations?zip=92832&near=33.5,-111.9");
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ error: { field: "near" } });
  });

  it.each(["00000", "99999", "00001"])("answers 404 zip_unknown for %s, a ZIP code nobody has", async (zip) => {
    const response = await api(`/api/locations?zip=${zip}`);
    expect(response.status).toBe(404);
    expect(await json(response)).toMatchObject({ error: { code: "zip_unknown", field: "zip" } });
  });
});
