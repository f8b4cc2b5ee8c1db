/**
 * Whether the counter can make an order this size in time (docs/decisions/0015-order-size.md):
 * refused with 409 `order_too_large` when it has more drinks than one online order takes, and
 * with `ready_after_closing` when "as soon as possible" cannot be ready before the shop closes. A
 * pickup-time order's slots are ./pickup-slots.ts'.
 */
import { formatTimeIn } from "#common/hours/format";
import { drinksLabel, overDrinkLimitMessage } from "#common/order-size";
import { ApiError } from "#worker/lib/errors";
import { readyAfterClosing, type ShopState } from "#worker/services/shop/state";

export function orderTooLarge(message: string): ApiError {
  return new ApiError(409, "order_too_large", message, "lines");
}

/** More drinks than the location takes in one online order, whenever it is for. */
export function refuseOverDrinkLimit(state: ShopState, drinks: number): void {
  if (drinks > state.drinkLimits.perOrder) {
    throw orderTooLarge(overDrinkLimitMessage(drinks, state.drinkLimits, state.shop.phone));
  }
}

/**
 * "As soon as possible" that would be ready only after the shop closes, given the queue it joins:
 * 409 `ready_after_closing`. Not "too large": one drink two minutes before closing is refused the
 * same way, and a pickup time ahead takes it (the checkout offers the first that works).
 */
export function refuseReadyAfterClosing(state: ShopState, drinks: number, readyAt: Date, closesAt: Date | null): void {
  if (!readyAfterClosing(readyAt, closesAt)) return;
  const { timeZone } = state.shop;
  throw new ApiError(
    409,
    "ready_after_closing",
    `${drinksLabel(drinks)} would be ready around ${formatTimeIn(readyAt, timeZone)}, after the shop closes at ${formatTimeIn(closesAt!, timeZone)}. Choose a pickup time ahead.`,
    "pickup",
  );
}
