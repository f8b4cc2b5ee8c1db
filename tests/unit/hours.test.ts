import { describe, expect, it } from "vitest";
import {
  closedMessage,
  formatDateTimeIn,
  formatWallTime,
  hoursExceptionLine,
  pausedMessage,
  weeklyHoursLines,
} from "#common/hours/format";
import { pickupSlotStarts } from "#common/hours/pickup-slots";
import type { OpeningHours } from "#common/hours/schedule";
import { openingStatusAt } from "#common/hours/status";

// common/hours/: the schedule's status, pickup slots and what a shopper reads, across DST nights.
const LA = "America/Los_Angeles";
const at = (iso: string) => new Date(iso);
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Weekdays 7–7, Saturday 8–8 plus a late shift 9 p.m.–2 a.m., Sunday 9–5; three holidays. */
const hours: OpeningHours = {
  timeZone: LA,
  weekly: [
    ...([1, 2, 3, 4, 5] as const).map((weekday) => ({ weekday, opens: "07:00", closes: "19:00" })),
    { weekday: 6, opens: "08:00", closes: "20:00" },
    { weekday: 6, opens: "21:00", closes: "02:00" },
    { weekday: 0, opens: "09:00", closes: "17:00" },
  ],
  exceptions: [
    { date: "2026-11-26", intervals: [], note: "Thanksgiving" },
    { date: "2026-12-24", intervals: [{ opens: "08:00", closes: "14:00" }], note: "Christmas Eve" },
    { date: "2026-12-25", intervals: [], note: "Christmas Day" },
    { date: "2026-12-27", intervals: [], note: "Staff party" },
  ],
};

describe("opening hours across the spring-forward night (2026-03-08, America/Los_Angeles)", () => {
  it("opens Sunday at 9:00 on the new clock, an hour earlier in UTC than the Sunday before", () => {
    expect(iso(openingStatusAt(hours, at("2026-03-01T16:30:00Z")).opensAt)).toBe("2026-03-01T17:00:00.000Z");
    const sunday = openingStatusAt(hours, at("2026-03-08T15:30:00Z")); // 8:30 a.m. PDT
    expect(sunday.open).toBe(false);
    expect(iso(sunday.opensAt)).toBe("2026-03-08T16:00:00.000Z"); // 9:00 a.m. PDT
  });

  it("is open at 9:10 a.m. PDT and closes at 5:00 p.m. PDT", () => {
    const status = openingStatusAt(hours, at("2026-03-08T16:10:00Z"));
    expect(status).toMatchObject({ open: true });
    expect(iso(status.closesAt)).toBe("2026-03-09T00:00:00.000Z");
    expect(iso(status.opensAt)).toBe("2026-03-09T14:00:00.000Z"); // Monday 7:00 a.m. PDT
  });

  it("ends Saturday's late shift when the clock reaches 2:00 a.m., the instant it jumps to 3:00", () => {
    const lateShift = openingStatusAt(hours, at("2026-03-08T09:30:00Z")); // 1:30 a.m. PST
    expect(lateShift.open).toBe(true);
    expect(iso(lateShift.closesAt)).toBe("2026-03-08T10:00:00.000Z");
    expect(openingStatusAt(hours, at("2026-03-08T10:00:00Z")).open).toBe(false);
  });

  it("gives the 23-hour Sunday's 15-minute slots in real quarter hours, 9:00 to 4:45 p.m. PDT", () => {
    const slots = pickupSlotStarts(hours, at("2026-03-08T15:00:00Z"));
    expect(slots).toHaveLength(32);
    expect(iso(slots[0]!)).toBe("2026-03-08T16:00:00.000Z");
    expect(iso(slots.at(-1)!)).toBe("2026-03-08T23:45:00.000Z");
  });
});

describe("opening hours across the fall-back night (2026-11-01, America/Los_Angeles)", () => {
  it("keeps Saturday's late shift open through both 1:30 a.m.s and closes at 2:00 a.m. PST", () => {
    const firstOneThirty = openingStatusAt(hours, at("2026-11-01T08:30:00Z")); // 1:30 a.m. PDT
    const secondOneThirty = openingStatusAt(hours, at("2026-11-01T09:30:00Z")); // 1:30 a.m. PST
    expect(firstOneThirty.open).toBe(true);
    expect(secondOneThirty.open).toBe(true);
    expect(iso(secondOneThirty.closesAt)).toBe("2026-11-01T10:00:00.000Z");
    expect(iso(secondOneThirty.opensAt)).toBe("2026-11-01T17:00:00.000Z"); // Sunday 9:00 a.m. PST
  });

  it("opens Sunday at 9:00 on the winter clock, an hour later in UTC than the Sunday before", () => {
    expect(iso(openingStatusAt(hours, at("2026-10-25T15:00:00Z")).opensAt)).toBe("2026-10-25T16:00:00.000Z");
    const sunday = openingStatusAt(hours, at("2026-11-01T16:30:00Z")); // 8:30 a.m. PST
    expect(sunday.open).toBe(false);
    expect(iso(sunday.opensAt)).toBe("2026-11-01T17:00:00.000Z");
    expect(iso(sunday.closesAt)).toBe("2026-11-02T01:00:00.000Z"); // 5:00 p.m. PST
  });
});

describe("an interval past midnight", () => {
  it("is open after midnight and offers slots on both sides of it", () => {
    const saturdayNight = at("2026-06-14T06:40:00Z"); // Saturday 11:40 p.m. PDT
    expect(openingStatusAt(hours, saturdayNight)).toMatchObject({ open: true });
    const slots = pickupSlotStarts(hours, saturdayNight);
    expect(iso(slots[0]!)).toBe("2026-06-14T06:45:00.000Z"); // 11:45 p.m.
    expect(iso(slots.at(-1)!)).toBe("2026-06-14T08:45:00.000Z"); // 1:45 a.m., the last that ends by 2:00
    expect(slots).toHaveLength(9);

    const sundayEarly = openingStatusAt(hours, at("2026-06-14T08:30:00Z")); // Sunday 1:30 a.m.
    expect(sundayEarly.open).toBe(true);
    expect(iso(sundayEarly.closesAt)).toBe("2026-06-14T09:00:00.000Z");
  });

  it("still belongs to Saturday when Sunday is closed by an exception", () => {
    const status = openingStatusAt(hours, at("2026-12-27T09:00:00Z")); // Sunday 1:00 a.m. PST
    expect(status.open).toBe(true);
    expect(iso(status.closesAt)).toBe("2026-12-27T10:00:00.000Z");
    expect(iso(status.opensAt)).toBe("2026-12-28T15:00:00.000Z"); // Monday 7:00 a.m.
  });
});

describe("dated exceptions", () => {
  it("keeps the shop closed all Thanksgiving Day and opens on Friday at 7:00", () => {
    const thanksgiving = openingStatusAt(hours, at("2026-11-26T18:00:00Z")); // Thursday 10:00 a.m. PST
    expect(thanksgiving.open).toBe(false);
    expect(iso(thanksgiving.opensAt)).toBe("2026-11-27T15:00:00.000Z");
    expect(pickupSlotStarts(hours, at("2026-11-26T18:00:00Z"))).toEqual([]);
  });

  it("replaces Christmas Eve's hours with 8–2 and skips Christmas Day", () => {
    expect(openingStatusAt(hours, at("2026-12-24T21:00:00Z")).open).toBe(true); // 1:00 p.m.
    const afternoon = openingStatusAt(hours, at("2026-12-24T23:00:00Z")); // 3:00 p.m., a weekday otherwise open
    expect(afternoon.open).toBe(false);
    expect(iso(afternoon.opensAt)).toBe("2026-12-26T16:00:00.000Z"); // Saturday 8:00 a.m.
  });
});

describe("the same instant asked again", () => {
  it("answers from the hours as they are now: a holiday added for today closes the shop at once", () => {
    const wednesday = at("2026-12-02T18:00:00Z"); // 10:00 a.m. PST
    expect(openingStatusAt(hours, wednesday)).toMatchObject({ open: true });
    const closedToday: OpeningHours = {
      ...hours,
      exceptions: [...hours.exceptions, { date: "2026-12-02", intervals: [], note: "Inventory" }],
    };
    const closed = openingStatusAt(closedToday, wednesday);
    expect(closed.open).toBe(false);
    expect(iso(closed.opensAt)).toBe("2026-12-03T15:00:00.000Z"); // Thursday 7:00 a.m. PST
    expect(openingStatusAt(hours, wednesday)).toMatchObject({ open: true });
  });

  it("gives each caller its own dates: changing one changes no later answer", () => {
    const monday = at("2026-12-07T18:00:00Z");
    const first = openingStatusAt(hours, monday);
    first.closesAt!.setTime(0);
    expect(iso(openingStatusAt(hours, monday).closesAt)).toBe("2026-12-08T03:00:00.000Z"); // 7:00 p.m. PST
  });
});

describe("pickup slots", () => {
  it("starts after the time a drink takes and ends with the last whole slot before closing", () => {
    const now = at("2026-03-10T00:50:00Z"); // Monday 5:50 p.m. PDT
    const slots = pickupSlotStarts(hours, now, new Date(now.getTime() + 10 * 60_000));
    expect(slots.map(iso)).toEqual([
      "2026-03-10T01:00:00.000Z",
      "2026-03-10T01:15:00.000Z",
      "2026-03-10T01:30:00.000Z",
      "2026-03-10T01:45:00.000Z",
    ]);
  });

  it("before opening offers the whole day ahead and after closing offers none", () => {
    expect(pickupSlotStarts(hours, at("2026-03-10T12:00:00Z"))).toHaveLength(48); // 5:00 a.m., 7–7
    expect(pickupSlotStarts(hours, at("2026-03-10T03:00:00Z"))).toEqual([]); // 8:00 p.m.
  });
});

describe("what a shopper reads", () => {
  it("says when a closed shop opens, on the shop's clock", () => {
    expect(closedMessage(at("2026-03-10T14:00:00Z"), at("2026-03-10T12:00:00Z"), LA)).toBe(
      "Closed now · opens today at 7:00 AM",
    );
    expect(closedMessage(at("2026-03-10T14:00:00Z"), at("2026-03-10T03:00:00Z"), LA)).toBe(
      "Closed now · opens tomorrow at 7:00 AM",
    );
    expect(closedMessage(at("2026-11-27T15:00:00Z"), at("2026-11-26T18:00:00Z"), LA)).toBe(
      "Closed now · opens tomorrow at 7:00 AM",
    );
    expect(closedMessage(at("2026-12-26T16:00:00Z"), at("2026-12-24T23:00:00Z"), LA)).toBe(
      "Closed now · opens on Saturday at 8:00 AM",
    );
    expect(closedMessage(null, at("2026-12-24T23:00:00Z"), LA)).toBe("Closed now");
  });

  it("says when paused ordering comes back", () => {
    expect(pausedMessage(at("2026-03-10T21:30:00Z"), LA)).toBe("Online ordering is paused, back at 2:30 PM");
    expect(pausedMessage(null, LA)).toBe("Online ordering is paused for now");
  });

  it("lists the week Monday first, a late shift and a closed day included", () => {
    expect(formatWallTime("00:00")).toBe("12:00 AM");
    expect(formatWallTime("12:30")).toBe("12:30 PM");
    expect(formatWallTime("24:00")).toBe("12:00 AM");
    const lines = weeklyHoursLines(hours.weekly.filter((entry) => entry.weekday !== 0));
    expect(lines[0]).toEqual({ day: "Monday", hours: "7:00 AM – 7:00 PM" });
    expect(lines[5]).toEqual({ day: "Saturday", hours: "8:00 AM – 8:00 PM, 9:00 PM – 2:00 AM" });
    expect(lines[6]).toEqual({ day: "Sunday", hours: "Closed" });
    expect(weeklyHoursLines([{ weekday: 0, opens: "00:00", closes: "00:00" }])[6]).toEqual({
      day: "Sunday",
      hours: "Open 24 hours",
    });
  });
});

describe("formatDateTimeIn", () => {
  it("shows an instant on the location's calendar and clock, across a daylight-saving change", () => {
    // 2026-11-01 is the day Los Angeles falls back: 09:30 UTC is 1:30 AM PST, 08:30 UTC 1:30 AM PDT.
    expect(formatDateTimeIn(new Date("2026-11-01T09:30:00Z"), "America/Los_Angeles")).toBe("Sun, Nov 1, 1:30 AM");
    expect(formatDateTimeIn(new Date("2026-11-01T08:30:00Z"), "America/Los_Angeles")).toBe("Sun, Nov 1, 1:30 AM");
    // After midnight UTC it is still the evening before in Los Angeles.
    expect(formatDateTimeIn(new Date("2026-11-26T02:05:00Z"), "America/Los_Angeles")).toBe("Wed, Nov 25, 6:05 PM");
  });
});

describe("a day with other hours, as the footer and About list it", () => {
  it("names the day, its hours and the shop's note", () => {
    expect(hoursExceptionLine({ date: "2026-11-26", intervals: [], note: "Thanksgiving Day" })).toBe(
      "Thu Nov 26 · Closed · Thanksgiving Day",
    );
    expect(
      hoursExceptionLine({
        date: "2026-12-24",
        intervals: [{ opens: "08:00", closes: "14:00" }],
        note: "Christmas Eve",
      }),
    ).toBe("Thu Dec 24 · 8:00 AM – 2:00 PM · Christmas Eve");
    expect(hoursExceptionLine({ date: "2026-03-08", intervals: [], note: null })).toBe("Sun Mar 8 · Closed");
  });
});
