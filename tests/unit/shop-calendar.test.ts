import { describe, expect, it } from "vitest";
import { addDays, datesBetween, shopDate, shopDayStart, startOfShopDay } from "#common/shop-calendar";

// A shop's calendar: its own midnights, 23- and 25-hour days when the clocks change (2026: March 8
// and November 1 in the United States; Phoenix never changes), and dates counted by the calendar.
const LA = "America/Los_Angeles";
const PHOENIX = "America/Phoenix";
const HOUR = 3_600_000;

describe("the shop's calendar", () => {
  it("reads the date on the shop's clock, not the device's or UTC's", () => {
    const at = Date.parse("2026-11-26T07:30:00.000Z");
    expect(shopDate(at, LA)).toBe("2026-11-25");
    expect(shopDate(new Date(at), "America/New_York")).toBe("2026-11-26");
    expect(shopDate(Date.parse("2026-12-31T23:59:59.999Z"), "Pacific/Auckland")).toBe("2027-01-01");
  });

  it("starts a day at the shop's midnight, and a daylight-saving day is 23 or 25 hours long", () => {
    expect(startOfShopDay("2026-03-08", LA).toISOString()).toBe("2026-03-08T08:00:00.000Z");
    expect(startOfShopDay("2026-03-09", LA).getTime() - startOfShopDay("2026-03-08", LA).getTime()).toBe(23 * HOUR);
    expect(startOfShopDay("2026-11-02", LA).getTime() - startOfShopDay("2026-11-01", LA).getTime()).toBe(25 * HOUR);
    expect(startOfShopDay("2026-11-02", PHOENIX).getTime() - startOfShopDay("2026-11-01", PHOENIX).getTime()).toBe(
      24 * HOUR,
    );
  });

  it("finds the start of the day an instant falls in, on both daylight-saving days", () => {
    // 01:30 the second time on November 1 (09:30 UTC) is still that day, which began at 07:00 UTC.
    expect(shopDayStart(Date.parse("2026-11-01T09:30:00.000Z"), LA).toISOString()).toBe("2026-11-01T07:00:00.000Z");
    // 23:30 on March 8 (06:30 UTC on the 9th) belongs to March 8, which began at 08:00 UTC.
    expect(shopDayStart(new Date("2026-03-09T06:30:00.000Z"), LA).toISOString()).toBe("2026-03-08T08:00:00.000Z");
  });

  it("starts a day whose midnight the clock skips or repeats at its first instant (Santiago de Chile)", () => {
    const SANTIAGO = "America/Santiago";
    // September 6: 23:59 -04:00 is followed by 01:00 -03:00.
    expect(startOfShopDay("2026-09-06", SANTIAGO).toISOString()).toBe("2026-09-06T04:00:00.000Z");
    // April 5: midnight -03:00 turns back to 23:00 -04:00 on the 4th; the 5th begins at midnight -04:00.
    expect(startOfShopDay("2026-04-05", SANTIAGO).toISOString()).toBe("2026-04-05T04:00:00.000Z");
    expect(shopDate(Date.parse("2026-04-05T03:30:00.000Z"), SANTIAGO)).toBe("2026-04-04");
  });

  it("adds days by the calendar: months, years, leap days and back", () => {
    expect(addDays("2026-03-07", 1)).toBe("2026-03-08");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-11-01", 0)).toBe("2026-11-01");
  });

  it("lists every date of a range across a clock change, both ends included", () => {
    expect(datesBetween("2026-10-31", "2026-11-02")).toEqual(["2026-10-31", "2026-11-01", "2026-11-02"]);
    expect(datesBetween("2026-11-02", "2026-11-01")).toEqual([]);
  });
});
