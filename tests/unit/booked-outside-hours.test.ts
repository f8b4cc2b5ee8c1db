import { describe, expect, it } from "vitest";
import { isBookedOutsideHours } from "#common/hours/booked-outside-hours";
import type { OpeningHours } from "#common/hours/schedule";

// An order booked for a pickup slot, and the shop's hours changed after it was booked.
const LA = "America/Los_Angeles";
const slot = (at: string) => ({ mode: "slot" as const, at, timeZone: LA });

/** Weekdays 7–7, Saturday 8–8 plus a late shift 9 p.m.–2 a.m. */
const week: OpeningHours = {
  timeZone: LA,
  weekly: [
    ...([1, 2, 3, 4, 5] as const).map((weekday) => ({ weekday, opens: "07:00", closes: "19:00" })),
    { weekday: 6, opens: "08:00", closes: "20:00" },
    { weekday: 6, opens: "21:00", closes: "02:00" },
  ],
  exceptions: [],
};

/** The same week with Fridays shortened to 7–6. */
const shorterFridays: OpeningHours = {
  ...week,
  weekly: week.weekly.map((entry) => (entry.weekday === 5 ? { ...entry, closes: "18:00" } : entry)),
};

// Friday 2026-11-27 (PST, UTC-8).
const FRIDAY_6_45_PM = "2026-11-28T02:45:00.000Z";
const FRIDAY_5_45_PM = "2026-11-28T01:45:00.000Z";
const FRIDAY_6_PM = "2026-11-28T02:00:00.000Z";

describe("an order booked outside the new hours", () => {
  it("is one whose slot the shortened hours no longer include", () => {
    expect(isBookedOutsideHours(slot(FRIDAY_6_45_PM), week)).toBe(false);
    expect(isBookedOutsideHours(slot(FRIDAY_6_45_PM), shorterFridays)).toBe(true);
    // The slot starting at the new closing time is outside; the last one ending at it is not.
    expect(isBookedOutsideHours(slot(FRIDAY_6_PM), shorterFridays)).toBe(true);
    expect(isBookedOutsideHours(slot(FRIDAY_5_45_PM), shorterFridays)).toBe(false);
  });

  it("is one on a day a holiday now closes, or outside a short day's hours", () => {
    const holiday: OpeningHours = { ...week, exceptions: [{ date: "2026-11-27", intervals: [], note: "Closed" }] };
    expect(isBookedOutsideHours(slot(FRIDAY_5_45_PM), holiday)).toBe(true);
    const shortDay: OpeningHours = {
      ...week,
      exceptions: [{ date: "2026-11-27", intervals: [{ opens: "10:00", closes: "14:00" }], note: "Inventory" }],
    };
    expect(isBookedOutsideHours(slot("2026-11-27T15:00:00.000Z"), shortDay)).toBe(true); // 7:00 a.m.
    expect(isBookedOutsideHours(slot("2026-11-27T18:00:00.000Z"), shortDay)).toBe(false); // 10:00 a.m.
    expect(isBookedOutsideHours(slot("2026-11-27T21:45:00.000Z"), shortDay)).toBe(false); // 1:45 p.m.
    expect(isBookedOutsideHours(slot("2026-11-27T22:00:00.000Z"), shortDay)).toBe(true); // 2:00 p.m.
  });

  it("counts Saturday's late shift after midnight as open, and the same time on another night as not", () => {
    expect(isBookedOutsideHours(slot("2026-11-29T09:00:00.000Z"), week)).toBe(false); // Sunday 1:00 a.m.
    expect(isBookedOutsideHours(slot("2026-11-30T09:00:00.000Z"), week)).toBe(true); // Monday 1:00 a.m.
  });

  it("reads the shop's clock across the fall-back night (2026-11-01, PDT to PST)", () => {
    const sundays: OpeningHours = { ...week, weekly: [{ weekday: 0, opens: "09:00", closes: "17:00" }] };
    expect(isBookedOutsideHours(slot("2026-11-01T17:00:00.000Z"), sundays)).toBe(false); // 9:00 a.m. PST
    expect(isBookedOutsideHours(slot("2026-11-01T16:00:00.000Z"), sundays)).toBe(true); // 8:00 a.m. PST
  });

  it("is never an order for as soon as possible, nor one without a pickup", () => {
    const closed: OpeningHours = { ...week, weekly: [] };
    expect(isBookedOutsideHours({ mode: "asap", at: FRIDAY_6_45_PM, timeZone: LA }, closed)).toBe(false);
    expect(isBookedOutsideHours(null, closed)).toBe(false);
    expect(isBookedOutsideHours(undefined, closed)).toBe(false);
  });
});
