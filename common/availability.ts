import { PRODUCT_SIZES, type ProductSize } from "./catalog";
import type { PickupSlot } from "./hours/pickup-slots";
import type { DrinkLimits } from "./order-size";

/**
 * What the shop can take right now: the allowed values of the shop's state, one
 * definition for the worker, the shopper's pages and the staff board.
 */

/** Why a location is not taking online orders. */
export const NOT_ACCEPTING_REASONS = ["closed", "paused"] as const;
export type NotAcceptingReason = (typeof NOT_ACCEPTING_REASONS)[number];

/** A sold-out mark covers one size of a drink, or the whole drink. */
export const WHOLE_DRINK = "all" as const;
export const SOLD_OUT_SCOPES = [WHOLE_DRINK, ...PRODUCT_SIZES] as const;
export type SoldOutScope = (typeof SOLD_OUT_SCOPES)[number];

/** How long the staff can pause online ordering, in minutes; null pauses it until resumed. */
export const PAUSE_DURATIONS_MINUTES = [15, 30, 60] as const;
export type PauseDurationMinutes = (typeof PAUSE_DURATIONS_MINUTES)[number];

/** What the availability history records. */
export const AVAILABILITY_EVENT_KINDS = ["paused", "resumed", "sold_out", "back_on_menu"] as const;
export type AvailabilityEventKind = (typeof AVAILABILITY_EVENT_KINDS)[number];

export { PICKUP_MODES, type PickupMode } from "./pickup-modes";

/** The 409 codes with which `POST /api/orders` refuses an order the shop cannot take. */
export const SHOP_REFUSAL_CODES = [
  "store_closed",
  "ordering_paused",
  "sold_out",
  "slot_full",
  "slot_invalid",
  "order_too_large",
  /** One account's open, unpaid drinks would pass the drinks per online order (docs/decisions/0019-holds-and-releases.md). */
  "open_drinks_limit",
  /** "As soon as possible" would be ready only after the shop closes: a pickup time ahead takes it. */
  "ready_after_closing",
] as const;
export type ShopRefusalCode = (typeof SHOP_REFUSAL_CODES)[number];

export interface SoldOutItem {
  productId: string;
  size: SoldOutScope;
}

/** Whether a drink in a size is sold out, by a mark on that size or on the whole drink. */
export function isSoldOut(
  soldOut: readonly SoldOutItem[],
  productId: string,
  size: ProductSize | SoldOutScope,
): boolean {
  return soldOut.some((item) => item.productId === productId && (item.size === WHOLE_DRINK || item.size === size));
}

/** Whether every size of a drink a shopper could pick is sold out (the menu card says so). */
export function isWholeDrinkSoldOut(
  soldOut: readonly SoldOutItem[],
  productId: string,
  sizes: readonly ProductSize[],
): boolean {
  if (soldOut.some((item) => item.productId === productId && item.size === WHOLE_DRINK)) return true;
  return sizes.length > 0 && sizes.every((size) => isSoldOut(soldOut, productId, size));
}

export type { PickupSlot } from "./hours/pickup-slots";

/** One day's pickup slots, for ordering ahead. */
export interface PickupDay {
  /** The location's calendar day, "2026-11-27". */
  date: string;
  slots: PickupSlot[];
}

/** Where the checkout reads the days ahead; kept out of GET /api/store, which every page polls. */
export const PICKUP_DAYS_PATH = "/api/pickup-days";

/** `GET /api/pickup-days`: a location's pickup slots for ordering ahead, never cached. */
export interface PickupDaysResponse {
  /**
   * Today (when it has slots left, before opening included) and each of the next days with pickup
   * slots, in date order; a closed day is not listed. Offered while closed too, none while paused.
   */
  pickupDays: PickupDay[];
}

export interface ShopHoursLine {
  weekday: number;
  opens: string;
  closes: string;
}

/** A day of the next two weeks with other hours than usual: a holiday (no intervals) or short hours. */
export interface ShopHoursException {
  /** The location's calendar day, "2026-11-26". */
  date: string;
  intervals: { opens: string; closes: string }[];
  note: string | null;
}

/** How far ahead the footer and About list the days with other hours. */
export const HOURS_EXCEPTIONS_AHEAD_DAYS = 14;

/** `GET /api/store`: a location's state for shoppers, never cached (docs/decisions/0007). */
export interface ShopStatus {
  locationId: string;
  locationName: string;
  timeZone: string;
  /** Within opening hours now. */
  open: boolean;
  /** Open and not paused: the checkout can place an order. */
  acceptingOrders: boolean;
  reason: NotAcceptingReason | null;
  /** Next opening (after the current stretch when open); null when none is planned soon. */
  opensAt: string | null;
  /** When open, the end of the current stretch; when closed, the end of the next one. */
  closesAt: string | null;
  /** When paused: when ordering comes back, or null until the staff resume it. */
  pausedUntil: string | null;
  soldOut: SoldOutItem[];
  /** The add-on options (ids) sold out at the location: not choosable with any drink. */
  soldOutOptions: string[];
  /**
   * As soon as possible: when an order placed now would be ready, from the board's queue; null when
   * not taking orders, or when it could be ready only after closing (then only times ahead are offered).
   */
  asapReadyAt: string | null;
  /**
   * Today's slots left, when taking orders now (empty when closed or paused). The days ahead are
   * GET /api/pickup-days' (docs/decisions/0017-order-ahead.md): only the checkout needs them.
   */
  pickupSlots: PickupSlot[];
  /** How many drinks one online order and one slot take; a larger order is for the phone. */
  drinkLimits: DrinkLimits;
  /** The shop's phone number, for what cannot be ordered online. */
  phone: string;
  /** The weekly schedule, for the footer and the About page. */
  weeklyHours: ShopHoursLine[];
  /** The days of the next two weeks (from today on the shop's calendar) with other hours, in date order. */
  hoursExceptions: ShopHoursException[];
  /** The server's clock when it answered, so the page words "today" the way the shop does. */
  now: string;
}
