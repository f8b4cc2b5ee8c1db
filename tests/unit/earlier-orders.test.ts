import { describe, expect, it } from "vitest";
import { isFromEarlierDay } from "#common/earlier-orders";
import { shopDayStart } from "#common/shop-calendar";
import { cancelledMoneyText } from "#common/cash-drawer";

const ZONE = "America/Los_Angeles";

describe("the shop's day", () => {
  it("begins at midnight on the shop's clock, daylight-saving days included", () => {
    expect(shopDayStart(Date.parse("2026-11-26T07:59:00Z"), ZONE).toISOString()).toBe("2026-11-25T08:00:00.000Z");
    expect(shopDayStart(Date.parse("2026-11-26T08:00:00Z"), ZONE).toISOString()).toBe("2026-11-26T08:00:00.000Z");
    // Spring forward (Mar 8, 2026): the day began in PST, the next in PDT.
    expect(shopDayStart(Date.parse("2026-03-08T20:00:00Z"), ZONE).toISOString()).toBe("2026-03-08T08:00:00.000Z");
    expect(shopDayStart(Date.parse("2026-03-09T20:00:00Z"), ZONE).toISOString()).toBe("2026-03-09T07:00:00.000Z");
    // Fall back (Nov 1, 2026): 25 hours long.
    expect(shopDayStart(Date.parse("2026-11-02T07:30:00Z"), ZONE).toISOString()).toBe("2026-11-01T07:00:00.000Z");
  });

  it("puts an open order on an earlier day by its pickup time, or its placing time for as soon as possible", () => {
    const now = Date.parse("2026-11-26T17:00:00Z");
    const open = { status: "received" as const };
    // 11:30 PM last night on the shop's clock, though already the 26th in UTC.
    expect(isFromEarlierDay({ ...open, createdAt: "2026-11-26T07:30:00Z" }, ZONE, now)).toBe(true);
    expect(isFromEarlierDay({ ...open, createdAt: "2026-11-26T08:30:00Z" }, ZONE, now)).toBe(false);
    const forToday = { mode: "slot" as const, at: "2026-11-26T18:00:00Z", timeZone: ZONE };
    expect(isFromEarlierDay({ ...open, createdAt: "2026-11-25T20:00:00Z", pickup: forToday }, ZONE, now)).toBe(false);
    expect(
      isFromEarlierDay({ status: "completed", createdAt: "2026-11-20T20:00:00Z" }, ZONE, now),
      "a finished order is not left open",
    ).toBe(false);
  });
});

describe("where a cancelled order's money is, for its shopper", () => {
  it("says refunded to the card (on its way or done), given back at the counter, or never charged", () => {
    expect(cancelledMoneyText({ paymentState: "refund_pending", totalCents: 1206 })).toBe(
      "Your refund of $12.06 is on its way to the card you paid with.",
    );
    expect(cancelledMoneyText({ paymentState: "refunded", totalCents: 1206 })).toContain("$12.06 was refunded");
    expect(cancelledMoneyText({ paymentState: "paid_at_counter", totalCents: 1206 })).toContain("gives it back");
    expect(cancelledMoneyText({ paymentState: "given_back", totalCents: 1206 })).toBe(
      "The $12.06 you paid at the counter was given back to you there.",
    );
    expect(cancelledMoneyText({ paymentState: "not_required", totalCents: 1206 })).toBe(
      "Nothing was charged for this order.",
    );
  });
});
