/**
 * The shop's state: open or closed, paused, sold out, how long the queue is and
 * which pickup slots are left. The shopper's banner, an order's admission and the staff's Menu
 * tab all read it from here.
 */
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { NotAcceptingReason, SoldOutItem } from "#common/availability";
import type { OpeningHours } from "#common/hours/schedule";
import { openingStatusAt } from "#common/hours/status";
import { DEFAULT_DRINK_LIMITS, type DrinkLimits } from "#common/order-size";
import type { Database } from "#worker/db/client";
import { locationPickupSettings, locations, orderingPauses, soldOutItems, soldOutOptions } from "#worker/db/schema";
import { notFound } from "#worker/lib/errors";
import { openingHoursFromRows, openingHoursQueries } from "./opening-hours";

/** A shop with no pickup settings row takes no slots and assumes this long per drink. */
export const FALLBACK_PREP_MINUTES = 5;
/** The same for the drinks new accounts may hold unpaid there (the column's default). */
export const FALLBACK_NEW_ACCOUNT_UNPAID_DRINKS = 30;
const MINUTE_MS = 60_000;

/** Everything the shop's answer and an order's admission are computed from, read in one go. */
export interface ShopState {
  shop: { id: string; name: string; timeZone: string; phone: string };
  hours: OpeningHours;
  slotCapacity: number;
  /** Drinks per online order and per slot (common/order-size.ts). */
  drinkLimits: DrinkLimits;
  /** Drinks all accounts with no order completed yet may hold unpaid at the shop (orders/open-drinks.ts). */
  newAccountUnpaidDrinks: number;
  defaultPrepMinutes: number;
  pause: { pausedUntil: string | null } | null;
  soldOut: SoldOutItem[];
  /** Ids of the add-on options sold out at the shop. */
  soldOutOptions: string[];
  /**
   * Minutes of drinks still to make for the orders the counter is on (worker/services/orders/queue.ts).
   */
  queueMinutes: number;
}

/** The shop's pause, if one is in force at `now`: until its end, or until resumed when it has none. */
export function pauseInForce(locationId: string, now: Date) {
  return and(
    eq(orderingPauses.locationId, locationId),
    or(isNull(orderingPauses.pausedUntil), sql`${orderingPauses.pausedUntil} > ${now.toISOString()}`),
  );
}

/** What is sold out at the shop now: whole drinks (no size) and single sizes. */
export function soldOutAt(db: Database, locationId: string) {
  return db
    .select({ productId: soldOutItems.productId, size: soldOutItems.size })
    .from(soldOutItems)
    .where(eq(soldOutItems.locationId, locationId));
}

/** The add-on options sold out at the shop now. */
export function soldOutOptionsAt(db: Database, locationId: string) {
  return db
    .select({ optionId: soldOutOptions.optionId })
    .from(soldOutOptions)
    .where(eq(soldOutOptions.locationId, locationId));
}

/**
 * The queue ahead, which the orders room counts (worker/services/orders/queue.ts): its query is read
 * in the shop state's one batch, and its rows give the minutes.
 */
export interface QueueQuery {
  query: BatchItem<"sqlite">;
  minutesOf(rows: unknown): number;
}

/** The shop's state, read in one batch with the queue ahead (call it through orders/queue.ts shopStateNow). */
export async function loadShopState(
  db: Database,
  locationId: string,
  now: Date,
  queue: QueueQuery,
): Promise<ShopState> {
  const [shopRows, settingsRows, pauseRows, soldOutRows, soldOutOptionRows, queueRows, weeklyRows, exceptionRows] =
    await db.batch([
      db.select().from(locations).where(eq(locations.id, locationId)),
      db.select().from(locationPickupSettings).where(eq(locationPickupSettings.locationId, locationId)),
      db.select({ pausedUntil: orderingPauses.pausedUntil }).from(orderingPauses).where(pauseInForce(locationId, now)),
      soldOutAt(db, locationId),
      soldOutOptionsAt(db, locationId),
      queue.query,
      ...openingHoursQueries(db, locationId),
    ]);
  const shop = shopRows[0];
  if (!shop) throw notFound("Shop not found");
  const settings = settingsRows[0];
  const defaultPrepMinutes = settings?.defaultPrepMinutes ?? FALLBACK_PREP_MINUTES;
  return {
    shop: { id: shop.id, name: shop.name, timeZone: shop.timeZone, phone: shop.phone },
    hours: openingHoursFromRows(shop.timeZone, weeklyRows, exceptionRows),
    slotCapacity: settings?.slotCapacity ?? 0,
    drinkLimits: settings
      ? { perOrder: settings.maxDrinksPerOrder, perSlot: settings.maxDrinksPerSlot }
      : DEFAULT_DRINK_LIMITS,
    newAccountUnpaidDrinks: settings?.maxNewAccountUnpaidDrinks ?? FALLBACK_NEW_ACCOUNT_UNPAID_DRINKS,
    defaultPrepMinutes,
    pause: pauseRows[0] ?? null,
    soldOut: soldOutRows,
    soldOutOptions: soldOutOptionRows.map((row) => row.optionId),
    queueMinutes: queue.minutesOf(queueRows),
  };
}

/** When an order placed now would be ready: the queue ahead of it, then its own drinks. */
export function estimateReadyAt(state: ShopState, now: Date, ownPrepMinutes = state.defaultPrepMinutes): Date {
  return new Date(now.getTime() + (state.queueMinutes + ownPrepMinutes) * MINUTE_MS);
}

/** Whether an order ready at `readyAt` would be ready only after the current opening ends. */
export function readyAfterClosing(readyAt: Date, closesAt: Date | null): boolean {
  return closesAt !== null && readyAt.getTime() > closesAt.getTime();
}

/** Whether the shop takes orders now, and if not, why. */
export function acceptance(
  state: ShopState,
  now: Date,
): { open: boolean; reason: NotAcceptingReason | null; opensAt: Date | null; closesAt: Date | null } {
  const opening = openingStatusAt(state.hours, now);
  const reason: NotAcceptingReason | null = !opening.open ? "closed" : state.pause ? "paused" : null;
  return { open: opening.open, reason, opensAt: opening.opensAt, closesAt: opening.closesAt };
}
