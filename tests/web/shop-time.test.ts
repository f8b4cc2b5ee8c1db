import { describe, expect, it } from "vitest";
import type { ShopStatus } from "#common/availability";
import { formatOnShopClock } from "#common/hours/shop-clock";
import { shopPlace } from "#common/shop-details";
import type { LocationSummary } from "#common/locations";
import { orderTiming, readyTiming, whenAndWhere } from "#common/order-timing";
import { openNowText } from "#web/shared-features/shop-picker/shop-hours";
import { shopBannerText } from "#web/shared-features/shop-status/shop-banner";

// A shopper's device in Los Angeles, a shop in Scottsdale (Arizona keeps no daylight saving). Los
// Angeles springs forward on 2026-03-08 at 10:00 UTC and falls back on 2026-11-01 at 09:00 UTC: before
// the first and after the second the two clocks read an hour apart, in between they read the same.
const LA = "America/Los_Angeles";
const PHOENIX = "America/Phoenix";
const SCOTTSDALE = "Squeeze Scottsdale";
const onScottsdaleClock = (iso: string, style?: "time" | "dayAndTime") =>
  formatOnShopClock(new Date(iso), PHOENIX, { deviceTimeZone: LA, shopName: SCOTTSDALE, style });

describe("a time on the shop's clock says whose it is where the device's reads otherwise", () => {
  it("on 2026-03-08: an hour apart until Los Angeles springs forward, the same after", () => {
    // 1:30 AM PST in Los Angeles, 2:30 AM in Scottsdale.
    expect(onScottsdaleClock("2026-03-08T09:30:00.000Z")).toBe("2:30 AM Scottsdale time");
    // 3:30 AM PDT in Los Angeles, 3:30 AM in Scottsdale.
    expect(onScottsdaleClock("2026-03-08T10:30:00.000Z")).toBe("3:30 AM");
    // The shop opens at 7:15 AM: the device reads 7:15 too.
    expect(onScottsdaleClock("2026-03-08T14:15:00.000Z")).toBe("7:15 AM");
    // The day before, the same opening reads 6:15 on the device.
    expect(onScottsdaleClock("2026-03-07T14:15:00.000Z")).toBe("7:15 AM Scottsdale time");
  });

  it("on 2026-11-01: the same until Los Angeles falls back, an hour apart after", () => {
    // The first 1:30 AM (PDT) in Los Angeles is 1:30 AM in Scottsdale.
    expect(onScottsdaleClock("2026-11-01T08:30:00.000Z")).toBe("1:30 AM");
    // The second 1:30 AM (PST) in Los Angeles is 2:30 AM in Scottsdale.
    expect(onScottsdaleClock("2026-11-01T09:30:00.000Z")).toBe("2:30 AM Scottsdale time");
    expect(onScottsdaleClock("2026-11-01T14:15:00.000Z", "dayAndTime")).toBe("Sun, Nov 1, 7:15 AM Scottsdale time");
  });

  it("says nothing more on the shop's own clock, or without a device (an e-mail)", () => {
    expect(
      formatOnShopClock(new Date("2026-11-01T14:15:00.000Z"), PHOENIX, {
        deviceTimeZone: PHOENIX,
        shopName: SCOTTSDALE,
      }),
    ).toBe("7:15 AM");
    expect(formatOnShopClock(new Date("2026-11-01T14:15:00.000Z"), PHOENIX, { shopName: SCOTTSDALE })).toBe("7:15 AM");
  });

  it("names the clock itself when the shop's name is not known (one shop)", () => {
    expect(formatOnShopClock(new Date("2026-11-01T14:15:00.000Z"), PHOENIX, { deviceTimeZone: LA })).toBe(
      "7:15 AM Mountain Standard Time",
    );
  });

  it("takes the town from the shop's name", () => {
    expect(shopPlace("Squeeze Scottsdale")).toBe("Scottsdale");
    expect(shopPlace("Squeeze Fullerton")).toBe("Fullerton");
    expect(shopPlace("Squeeze")).toBe("Squeeze");
  });
});

describe("every shopper's page writes the shop's times this way", () => {
  const closedScottsdale = {
    timeZone: PHOENIX,
    open: false,
    acceptingOrders: false,
    reason: "closed",
    opensAt: "2026-11-01T14:15:00.000Z",
    pausedUntil: null,
  } as unknown as ShopStatus;

  it("the banner, naming the shop", () => {
    const now = new Date("2026-11-01T10:00:00.000Z");
    expect(shopBannerText(closedScottsdale, now, { shopName: SCOTTSDALE, device: LA })).toBe(
      "Squeeze Scottsdale: Closed now · opens today at 7:15 AM Scottsdale time",
    );
    const springDay = { ...closedScottsdale, opensAt: "2026-03-08T14:15:00.000Z" };
    expect(shopBannerText(springDay, new Date("2026-03-08T11:00:00.000Z"), { shopName: SCOTTSDALE, device: LA })).toBe(
      "Squeeze Scottsdale: Closed now · opens today at 7:15 AM",
    );
    const paused = { ...closedScottsdale, reason: "paused", pausedUntil: "2026-11-01T20:00:00.000Z" } as ShopStatus;
    expect(shopBannerText(paused, now, { shopName: SCOTTSDALE, device: LA })).toBe(
      "Squeeze Scottsdale: Online ordering is paused, back at 1:00 PM Scottsdale time",
    );
  });

  it("the shops list, on each shop's own clock", () => {
    const shop: Pick<LocationSummary, "name" | "timeZone" | "openNow" | "todayHours" | "nextOpening"> = {
      name: SCOTTSDALE,
      timeZone: PHOENIX,
      openNow: false,
      todayHours: [{ opens: "07:15", closes: "19:00" }],
      nextOpening: "2026-11-01T14:15:00.000Z",
    };
    expect(openNowText(shop, new Date("2026-11-01T10:00:00.000Z"), LA)).toBe(
      "Closed now · opens today at 7:15 AM Scottsdale time",
    );
    expect(openNowText(shop, new Date("2026-11-01T10:00:00.000Z"), PHOENIX)).toBe(
      "Closed now · opens today at 7:15 AM",
    );
    expect(openNowText({ ...shop, openNow: true }, new Date("2026-11-01T15:00:00.000Z"), LA)).toBe("Open now");
  });

  it("the checkout's and the order's pickup times, and My orders' ready time", () => {
    const pickup = { mode: "slot" as const, at: "2026-11-01T14:15:00.000Z", timeZone: PHOENIX };
    const order = { fulfilment: "pickup" as const, pickup, createdAt: "2026-11-01T13:00:00.000Z" };
    expect(orderTiming(order, new Date(), LA, SCOTTSDALE)).toEqual({
      label: "Pickup",
      value: "7:15 AM Scottsdale time",
    });
    expect(
      orderTiming(
        { ...order, pickup: { ...pickup, at: "2026-03-08T14:15:00.000Z" }, createdAt: "2026-03-08T13:00:00.000Z" },
        new Date(),
        LA,
        SCOTTSDALE,
      ),
    ).toEqual({
      label: "Pickup",
      value: "7:15 AM",
    });
    expect(
      whenAndWhere(
        { ...order, fulfilmentAddress: "1 Main St, Scottsdale" },
        { deviceTimeZone: LA, shopName: SCOTTSDALE },
      ),
    ).toBe("Pick it up at 1 Main St, Scottsdale, today at 7:15 AM Scottsdale time.");
    expect(readyTiming({ ...order, readySince: "2026-11-01T14:10:00.000Z" }, LA, SCOTTSDALE)).toEqual({
      label: "Pickup",
      value: "Ready since 7:10 AM Scottsdale time",
    });
  });
});
