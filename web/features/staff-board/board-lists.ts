import { DEFAULT_BOARD_AGE_THRESHOLDS } from "#common/order-board";
import { amountToGiveBack } from "#common/cash-drawer";
import { DEFAULT_DRINK_LIMITS } from "#common/order-size";
import type { StaffOrder, StaffOrdersResponse } from "#common/staff-orders";
import { recentlyDone } from "./board-orders";

/** The shop's settings the board reads, with their defaults until the orders are in. */
export function boardShop(data: StaffOrdersResponse | undefined) {
  return {
    thresholds: data?.location.ageThresholds ?? DEFAULT_BOARD_AGE_THRESHOLDS,
    drinkLimits: data?.location.drinkLimits ?? DEFAULT_DRINK_LIMITS,
    timeZone: data?.location.timeZone ?? "UTC",
  };
}

/** The lists the board shows besides its lanes: Done, the refunds to retry, the money to give back. */
export function boardLists(data: StaffOrdersResponse | undefined, now: number) {
  const orders: StaffOrder[] = data?.orders ?? [];
  return {
    done: recentlyDone(data?.done ?? [], now),
    refundsOwed: orders.filter((order) => order.paymentState === "refund_pending"),
    givingBack: orders.filter((order) => amountToGiveBack(order) > 0),
  };
}
