import { describe, expect, it } from "vitest";
import { amountToCollect, canMoveTo, isOnBoard, nextStatus, recallTarget } from "#common/order-lifecycle";
import { ORDER_STATUSES, type OrderStatus } from "#common/orders";

const allowed: Array<[OrderStatus, OrderStatus]> = [
  ["received", "preparing"],
  ["preparing", "ready"],
  ["ready", "completed"],
  ["received", "cancelled"],
  ["preparing", "cancelled"],
  ["ready", "cancelled"],
];

describe("the order lifecycle", () => {
  it.each(allowed)("allows %s → %s", (from, to) => {
    expect(canMoveTo(from, to)).toBe(true);
  });

  const refused = ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.filter((to) => !allowed.some(([a, b]) => a === from && b === to)).map((to) => [from, to] as const),
  );
  it.each(refused)("refuses %s → %s", (from, to) => {
    expect(canMoveTo(from, to)).toBe(false);
  });

  it("leads forward one step at a time and ends at completed or cancelled", () => {
    expect(nextStatus("received")).toBe("preparing");
    expect(nextStatus("preparing")).toBe("ready");
    expect(nextStatus("ready")).toBe("completed");
    expect(nextStatus("completed")).toBeNull();
    expect(nextStatus("cancelled")).toBeNull();
  });

  it("keeps an order waiting for its card payment, and a finished one, off the board", () => {
    expect(isOnBoard({ status: "received", paymentState: "pending" })).toBe(false);
    expect(isOnBoard({ status: "received", paymentState: "paid" })).toBe(true);
    expect(isOnBoard({ status: "ready", paymentState: "not_required" })).toBe(true);
    expect(isOnBoard({ status: "completed", paymentState: "paid" })).toBe(false);
    expect(isOnBoard({ status: "cancelled", paymentState: "refunded" })).toBe(false);
  });

  it("keeps a cancelled order whose refund has not gone through on the board, for the staff to retry", () => {
    expect(isOnBoard({ status: "cancelled", paymentState: "refund_pending" })).toBe(true);
    expect(isOnBoard({ status: "cancelled", paymentState: "paid" })).toBe(false);
  });
});

describe("recall", () => {
  const now = Date.parse("2026-11-28T18:00:00Z");
  const finished = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();

  it("brings a completed order back to ready, and a cancelled one to where it was cancelled from", () => {
    expect(
      recallTarget(
        {
          status: "completed",
          paymentMode: "stripe",
          paymentState: "paid",
          cancelledFrom: null,
          updatedAt: finished(2),
        },
        now,
      ),
    ).toEqual({ to: "ready" });
    expect(
      recallTarget(
        {
          status: "cancelled",
          paymentMode: "pay_on_pickup",
          paymentState: "not_required",
          cancelledFrom: "preparing",
          updatedAt: finished(29),
        },
        now,
      ),
    ).toEqual({ to: "preparing" });
  });

  it("refuses a refunded order, one whose refund is under way, one finished more than 30 minutes ago, and an open one", () => {
    expect(
      recallTarget(
        {
          status: "cancelled",
          paymentMode: "stripe",
          paymentState: "refunded",
          cancelledFrom: "received",
          updatedAt: finished(1),
        },
        now,
      ),
    ).toEqual({ refusal: "refunded" });
    expect(
      recallTarget(
        {
          status: "cancelled",
          paymentMode: "stripe",
          paymentState: "refund_pending",
          cancelledFrom: "preparing",
          updatedAt: finished(1),
        },
        now,
      ),
    ).toEqual({ refusal: "refund_pending" });
    expect(
      recallTarget(
        {
          status: "completed",
          paymentMode: "stripe",
          paymentState: "paid",
          cancelledFrom: null,
          updatedAt: finished(31),
        },
        now,
      ),
    ).toEqual({ refusal: "too_late" });
    expect(
      recallTarget(
        { status: "ready", paymentMode: "stripe", paymentState: "paid", cancelledFrom: null, updatedAt: finished(1) },
        now,
      ),
    ).toEqual({ refusal: "not_finished" });
    expect(
      recallTarget(
        {
          status: "cancelled",
          paymentMode: "pay_on_pickup",
          paymentState: "not_required",
          cancelledFrom: null,
          updatedAt: finished(1),
        },
        now,
      ),
    ).toEqual({ refusal: "unknown_state" });
  });

  it("refuses an order whose money was given back or is owed back at the counter, and a card order never paid", () => {
    const cancelled = { status: "cancelled", cancelledFrom: "received", updatedAt: finished(1) } as const;
    expect(recallTarget({ ...cancelled, paymentMode: "pay_on_pickup", paymentState: "given_back" }, now)).toEqual({
      refusal: "given_back",
    });
    expect(recallTarget({ ...cancelled, paymentMode: "pay_on_pickup", paymentState: "paid_at_counter" }, now)).toEqual({
      refusal: "owed_back",
    });
    // Lapsed: the checkout expired or the bank refused the payment.
    expect(recallTarget({ ...cancelled, paymentMode: "stripe", paymentState: "not_required" }, now)).toEqual({
      refusal: "never_paid",
    });
    expect(recallTarget({ ...cancelled, paymentMode: "stripe", paymentState: "pending" }, now)).toEqual({
      refusal: "never_paid",
    });
    // A pay-on-pickup order cancelled before anything was paid comes back.
    expect(recallTarget({ ...cancelled, paymentMode: "pay_on_pickup", paymentState: "not_required" }, now)).toEqual({
      to: "received",
    });
  });
});

describe("what the counter collects", () => {
  it("is the total of a pay-on-pickup order until it is marked paid at the counter, and nothing for a card order", () => {
    expect(amountToCollect({ paymentState: "not_required", totalCents: 1298 })).toBe(1298);
    expect(amountToCollect({ paymentState: "paid_at_counter", totalCents: 1298 })).toBe(0);
    expect(amountToCollect({ paymentState: "paid", totalCents: 1298 })).toBe(0);
    // Handed over unpaid: still owed, so a later Collect can take it.
    expect(amountToCollect({ paymentState: "not_collected", totalCents: 1298 })).toBe(1298);
    expect(amountToCollect({ paymentState: "given_back", totalCents: 1298 })).toBe(0);
  });
});
