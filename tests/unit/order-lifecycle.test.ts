import { describe, expect, it } from "vitest";
import { canMoveTo, isOnBoard, nextStatus } from "#common/order-lifecycle";
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
});
