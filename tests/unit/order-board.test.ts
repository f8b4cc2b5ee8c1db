import { describe, expect, it } from "vitest";
import { ticketAge } from "#common/order-board";

const thresholds = { warnAfterMinutes: 5, lateAfterMinutes: 10 };
const now = Date.parse("2026-11-28T18:00:00Z");
const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
const inMinutes = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

describe("a ticket's age", () => {
  it("counts from when an order was placed: waiting at the first threshold, late at the second", () => {
    expect(ticketAge({ createdAt: ago(4.9) }, thresholds, now)).toMatchObject({ urgency: "on_time", waitedMinutes: 4 });
    expect(ticketAge({ createdAt: ago(5) }, thresholds, now)).toMatchObject({ urgency: "waiting", waitedMinutes: 5 });
    expect(ticketAge({ createdAt: ago(10) }, thresholds, now)).toMatchObject({ urgency: "late", waitedMinutes: 10 });
    expect(ticketAge({ createdAt: ago(3) }, { warnAfterMinutes: 1, lateAfterMinutes: 2 }, now).urgency).toBe("late");
  });

  it("counts an order for a pickup time from that time: waiting shortly before, late when it comes", () => {
    const slot = (minutes: number) => ({
      createdAt: ago(30),
      pickup: { mode: "slot" as const, at: inMinutes(minutes), timeZone: "America/Los_Angeles" },
    });
    expect(ticketAge(slot(6), thresholds, now)).toMatchObject({ urgency: "on_time", dueAt: now + 6 * 60_000 });
    expect(ticketAge(slot(5), thresholds, now).urgency).toBe("waiting");
    expect(ticketAge(slot(0), thresholds, now).urgency).toBe("late");
    // Sorted by that time: a slot due in 6 minutes started its clock 4 minutes ago.
    expect(ticketAge(slot(6), thresholds, now).clockStartedAt).toBe(now - 4 * 60_000);
  });

  it("treats an order for as soon as possible, with its estimate like any order placed now", () => {
    const asap = {
      createdAt: ago(7),
      pickup: { mode: "asap" as const, at: inMinutes(20), timeZone: "America/Los_Angeles" },
    };
    expect(ticketAge(asap, thresholds, now)).toMatchObject({ urgency: "waiting", dueAt: null });
  });
});
