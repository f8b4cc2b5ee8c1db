import { describe, expect, it } from "vitest";
import { pickupSlotStarts } from "#common/hours/pickup-slots";
import type { OpeningHours } from "#common/hours/schedule";
import { drinkCount, firstSlotFor, isLargeOrder, makingPlan, makingSlotCount, type SlotRoom } from "#common/order-size";

const LIMITS = { perOrder: 40, perSlot: 12 };

/** Slots every 15 minutes from 12:00 UTC, with the drinks left in each. */
function slots(drinksLeft: number[], full: number[] = []): SlotRoom[] {
  return drinksLeft.map((left, index) => ({
    startsAt: new Date(Date.UTC(2026, 2, 10, 12, index * 15)).toISOString(),
    full: full.includes(index),
    drinksLeft: left,
  }));
}

describe("where the counter makes an order's drinks", () => {
  it("makes up to one slot's drinks in the pickup slot, the rest in the slots just before it", () => {
    const day = slots([12, 12, 12, 12, 12]);
    expect(makingPlan(day, 4, 12, LIMITS)).toEqual([{ slotAt: day[4]!.startsAt, drinks: 12 }]);
    expect(makingPlan(day, 4, 30, LIMITS)).toEqual([
      { slotAt: day[4]!.startsAt, drinks: 12 },
      { slotAt: day[3]!.startsAt, drinks: 12 },
      { slotAt: day[2]!.startsAt, drinks: 6 },
    ]);
    // 40 drinks need the four slots up to the pickup: the first slot on offer cannot have them.
    expect(makingPlan(day, 3, 40, LIMITS)).toHaveLength(4);
    expect(makingPlan(day, 2, 40, LIMITS)).toBeNull();
    expect(firstSlotFor(day, 40, LIMITS)).toBe(3);
    expect(firstSlotFor(day, 13, LIMITS)).toBe(1);
    expect(firstSlotFor(day, 1, LIMITS)).toBe(0);
  });

  it("uses what each slot has left, skips one that has none, and never goes further back than the limit allows", () => {
    const busy = slots([12, 12, 12, 0, 5]);
    expect(makingPlan(busy, 4, 20, LIMITS)).toEqual([
      { slotAt: busy[4]!.startsAt, drinks: 5 },
      { slotAt: busy[2]!.startsAt, drinks: 12 },
      { slotAt: busy[1]!.startsAt, drinks: 3 },
    ]);
    // Four slots back at most (40 ÷ 12, rounded up): slot 0 is too early for a pickup at 4.
    expect(makingPlan(busy, 4, 30, LIMITS)).toBeNull();
    expect(makingSlotCount({ perOrder: 12, perSlot: 12 })).toBe(1);
    expect(makingPlan(busy, 2, 13, { perOrder: 12, perSlot: 12 })).toBeNull();
  });

  it("needs a place in the pickup slot, but not in the slots the drinks are made in", () => {
    const day = slots([12, 12, 12], [1, 2]);
    expect(makingPlan(day, 2, 1, LIMITS)).toBeNull();
    expect(makingPlan(slots([12, 12, 12], [1]), 2, 20, LIMITS)).toHaveLength(2);
  });

  it("never makes drinks across a break in the day", () => {
    // 7–9 a.m. and 10 a.m.–noon: the 10:00 slot's drinks cannot be made before the break.
    const hours: OpeningHours = {
      timeZone: "America/Los_Angeles",
      weekly: [
        { weekday: 2, opens: "07:00", closes: "09:00" },
        { weekday: 2, opens: "10:00", closes: "12:00" },
      ],
      exceptions: [],
    };
    const now = new Date("2026-03-10T14:00:00.000Z"); // 7 a.m. PDT
    const day = pickupSlotStarts(hours, now).map((start) => ({
      startsAt: start.toISOString(),
      full: false,
      drinksLeft: 12,
    }));
    const tenAm = day.findIndex((slot) => slot.startsAt === "2026-03-10T17:00:00.000Z");
    expect(tenAm).toBeGreaterThan(0);
    expect(makingPlan(day, tenAm, 12, LIMITS)).toHaveLength(1);
    expect(makingPlan(day, tenAm, 13, LIMITS)).toBeNull();
    expect(makingPlan(day, tenAm + 1, 24, LIMITS)).toHaveLength(2);
  });

  it("counts a cart's drinks and calls more than one slot's a large order", () => {
    const lines = [{ quantity: 10 }, { quantity: 2 }];
    expect(drinkCount(lines)).toBe(12);
    expect(isLargeOrder(12, LIMITS)).toBe(false);
    expect(isLargeOrder(13, LIMITS)).toBe(true);
  });
});
