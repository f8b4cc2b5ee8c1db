import { describe, expect, it } from "vitest";
import { formatOnShopClock } from "#common/hours/shop-clock";
import { whenAndWhere } from "#common/order-timing";

// Every order time a shopper reads is on the shop's clock, naming it only when the device's clock
// would read otherwise at that instant, daylight-saving changes included.
const LA = "America/Los_Angeles";
const SHOP = "512 South Brookhurst St #4, Anaheim, CA 92804";

describe("formatOnShopClock", () => {
  const nineAm = new Date("2026-11-27T17:00:00.000Z");

  it("writes the shop's time alone on the shop's own clock, and without a device (an e-mail)", () => {
    expect(formatOnShopClock(nineAm, LA, { deviceTimeZone: LA })).toBe("9:00 AM");
    expect(formatOnShopClock(nineAm, LA)).toBe("9:00 AM");
    // Another zone that reads the same at that instant says nothing more.
    expect(formatOnShopClock(nineAm, LA, { deviceTimeZone: "America/Tijuana" })).toBe("9:00 AM");
  });

  it("names the shop's clock on a device whose clock reads otherwise, in every style", () => {
    const device = { deviceTimeZone: "America/New_York" };
    expect(formatOnShopClock(nineAm, LA, device)).toBe("9:00 AM Pacific Time");
    expect(formatOnShopClock(nineAm, LA, { ...device, style: "dayAndTime" })).toBe("Fri, Nov 27, 9:00 AM Pacific Time");
    expect(formatOnShopClock(nineAm, LA, { ...device, style: "dateAndTime" })).toBe(
      "Nov 27, 2026, 9:00 AM Pacific Time",
    );
  });

  it("follows daylight saving: Phoenix reads as Anaheim in summer time and an hour ahead in winter time", () => {
    const phoenix = { deviceTimeZone: "America/Phoenix" };
    // Saturday Mar 7, 2026, noon in Anaheim (PST): 1:00 PM in Phoenix.
    expect(formatOnShopClock(new Date("2026-03-07T20:00:00.000Z"), LA, phoenix)).toBe("12:00 PM Pacific Time");
    // Sunday Mar 8, after the clocks went forward (PDT): the same 1:00 PM in both.
    expect(formatOnShopClock(new Date("2026-03-08T20:00:00.000Z"), LA, phoenix)).toBe("1:00 PM");
    // Sunday Nov 1, back on standard time.
    expect(formatOnShopClock(new Date("2026-11-01T20:00:00.000Z"), LA, phoenix)).toBe("12:00 PM Pacific Time");
  });
});

describe("whenAndWhere", () => {
  const placedFriday = "2026-11-27T16:00:00.000Z"; // 8:00 AM in Anaheim
  const slot = (at: string) => ({ mode: "slot" as const, at, timeZone: LA });

  it("says today, tomorrow with its date, or the date, on the shop's calendar", () => {
    const pickup = (at: string) =>
      whenAndWhere({ fulfilment: "pickup", fulfilmentAddress: SHOP, pickup: slot(at), createdAt: placedFriday });
    expect(pickup("2026-11-27T17:00:00.000Z")).toBe(`Pick it up at ${SHOP}, today at 9:00 AM.`);
    expect(pickup("2026-11-28T17:30:00.000Z")).toBe(`Pick it up at ${SHOP}, tomorrow (Sat, Nov 28) at 9:30 AM.`);
    expect(pickup("2026-11-30T17:00:00.000Z")).toBe(`Pick it up at ${SHOP}, on Mon, Nov 30 at 9:00 AM.`);
    // 11:30 PM Friday in Anaheim is still Friday there, though Saturday in UTC.
    expect(pickup("2026-11-28T07:30:00.000Z")).toBe(`Pick it up at ${SHOP}, today at 11:30 PM.`);
  });

  it("names the day itself for an e-mail, read later than it is sent", () => {
    const order = { fulfilment: "pickup" as const, fulfilmentAddress: SHOP, createdAt: placedFriday };
    expect(whenAndWhere({ ...order, pickup: slot("2026-11-27T17:00:00.000Z") }, { sayToday: false })).toBe(
      `Pick it up at ${SHOP}, on Fri, Nov 27 at 9:00 AM.`,
    );
  });

  it("as soon as possible, a delivery, and an order from before pickup times", () => {
    expect(
      whenAndWhere({
        fulfilment: "pickup",
        fulfilmentAddress: SHOP,
        pickup: { mode: "asap", at: "2026-11-27T16:12:00.000Z", timeZone: LA },
      }),
    ).toBe(`Pick it up at ${SHOP} from around 8:12 AM.`);
    expect(
      whenAndWhere(
        {
          fulfilment: "delivery",
          fulfilmentAddress: "1200 W Lincoln Ave",
          pickup: slot("2026-11-28T17:30:00.000Z"),
          createdAt: placedFriday,
        },
        { deviceTimeZone: "Europe/London" },
      ),
    ).toBe("It leaves the shop tomorrow (Sat, Nov 28) at 9:30 AM Pacific Time for 1200 W Lincoln Ave.");
    expect(whenAndWhere({ fulfilment: "delivery", fulfilmentAddress: "1200 W Lincoln Ave" })).toBe(
      "We deliver it to 1200 W Lincoln Ave within 60-90 minutes.",
    );
    expect(whenAndWhere({ fulfilment: "pickup", fulfilmentAddress: "" })).toBe("Pick it up at the shop.");
  });
});
