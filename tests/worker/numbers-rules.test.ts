import { describe, expect, it } from "vitest";
import { isCollected, orderStanding, salePaymentMethod } from "#worker/services/orders/reports/counting";
import { shopClockAt, shopRange } from "#worker/services/orders/reports/shop-range";

describe("where an order's money stands", () => {
  it("follows the payment state, the counter's not_collected and given_back included", () => {
    expect(orderStanding("paid", "completed")).toBe("collected");
    expect(orderStanding("paid_at_counter", "completed")).toBe("collected");
    expect(orderStanding("refunded", "cancelled")).toBe("collected");
    expect(orderStanding("given_back", "cancelled")).toBe("collected");
    expect(orderStanding("refund_pending", "cancelled")).toBe("refund_owed");
    // Paid at the counter and cancelled: owed back there until it is given back.
    expect(orderStanding("paid_at_counter", "cancelled")).toBe("refund_owed");
    expect(orderStanding("not_required", "ready")).toBe("to_collect");
    expect(orderStanding("not_required", "cancelled")).toBe("cancelled");
    expect(orderStanding("not_collected", "completed")).toBe("not_collected");
    expect(isCollected("not_collected")).toBe(false);
    expect(isCollected("to_collect")).toBe(false);
    expect(isCollected("refund_owed")).toBe(true);
  });

  it("names how it was paid", () => {
    expect(salePaymentMethod("stripe", "delivery")).toBe("card");
    expect(salePaymentMethod("pay_on_pickup", "pickup")).toBe("counter");
    expect(salePaymentMethod("pay_on_pickup", "delivery")).toBe("door");
  });
});

describe("the shop's days", () => {
  it("is 23 hours on March 8 and 25 on November 1, 2026 in Los Angeles, 24 in Phoenix", () => {
    const hours = (range: { start: string; end: string }) =>
      (Date.parse(range.end) - Date.parse(range.start)) / 3_600_000;
    expect(hours(shopRange("2026-03-08", "2026-03-08", "America/Los_Angeles"))).toBe(23);
    expect(hours(shopRange("2026-11-01", "2026-11-01", "America/Los_Angeles"))).toBe(25);
    expect(hours(shopRange("2026-11-01", "2026-11-01", "America/Phoenix"))).toBe(24);
    expect(shopRange("2026-11-01", "2026-11-01", "America/Los_Angeles")).toMatchObject({
      start: "2026-11-01T07:00:00.000Z",
      end: "2026-11-02T08:00:00.000Z",
      stretches: [
        { until: "2026-11-01T09:00:00.000Z", offsetMinutes: -420 },
        { until: null, offsetMinutes: -480 },
      ],
    });
  });

  it("reads an instant on the shop's clock, the repeated hour's both times", () => {
    const range = shopRange("2026-11-01", "2026-11-01", "America/Los_Angeles");
    expect(shopClockAt(range, "2026-11-01T08:30:00.000Z")).toEqual({ date: "2026-11-01", time: "01:30:00" });
    expect(shopClockAt(range, "2026-11-01T09:30:00.000Z")).toEqual({ date: "2026-11-01", time: "01:30:00" });
    expect(shopClockAt(range, "2026-11-02T07:59:59.000Z")).toEqual({ date: "2026-11-01", time: "23:59:59" });
  });
});
