import { describe, expect, it } from "vitest";
import { nextOpenInstant, openIntervalsOn, readSeedHours } from "#scripts/lib/seed-hours.mjs";

const root = ".";
const LA = "America/Los_Angeles";

describe("the shops' own hours, as seed:history reads them from the seed files", () => {
  const hours = readSeedHours(root);
  const anaheim = hours.get("loc-anaheim");

  it("reads a shop's weekly hours on its clock, across a clock change", () => {
    // Sunday November 1, 2026 (25 hours): 09:00 to 17:00 in Los Angeles, PST.
    expect(openIntervalsOn(anaheim, LA, 2026, 10, 1).map(([from, to]) => [new Date(from), new Date(to)])).toEqual([
      [new Date("2026-11-01T17:00:00.000Z"), new Date("2026-11-02T01:00:00.000Z")],
    ]);
  });

  it("takes a one-off day instead of the weekday: closed, or short hours", () => {
    expect(openIntervalsOn(anaheim, LA, 2026, 10, 26)).toEqual([]);
    expect(openIntervalsOn(anaheim, LA, 2026, 11, 24).map(([from, to]) => [new Date(from), new Date(to)])).toEqual([
      [new Date("2026-12-24T16:00:00.000Z"), new Date("2026-12-24T22:00:00.000Z")],
    ]);
  });

  it("moves a refund at a closed hour to the next opening, and leaves one while open", () => {
    // 3 a.m. on Saturday November 28: Anaheim opens at 08:00.
    const night = Date.parse("2026-11-28T11:00:00.000Z");
    expect(new Date(nextOpenInstant(anaheim, LA, night)!)).toEqual(new Date("2026-11-28T16:00:00.000Z"));
    const noon = Date.parse("2026-11-28T20:00:00.000Z");
    expect(nextOpenInstant(anaheim, LA, noon)).toBe(noon);
    // Wednesday after closing, with Thanksgiving shut: Friday's opening.
    expect(new Date(nextOpenInstant(anaheim, LA, Date.parse("2026-11-26T04:00:00.000Z"))!)).toEqual(
      new Date("2026-11-27T15:00:00.000Z"),
    );
  });

  it("knows no hours for a shop the seed does not list: no orders for it", () => {
    expect(openIntervalsOn(hours.get("loc-nowhere"), LA, 2026, 10, 2)).toEqual([]);
  });
});
