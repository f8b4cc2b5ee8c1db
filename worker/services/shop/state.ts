/**
 * The shop's state at a location: open or closed, paused, sold out, how long the queue is and
 * which pickup slots are left. The shopper's banner, an order's admission and the staff's Menu
 * tab all read it from here.
 */
import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import {
  HOURS_EXCEPTIONS_AHEAD_DAYS,
  type NotAcceptingReason,
  type SoldOutItem,
  type ShopHoursException,
  type ShopStatus,
} from "#common/availability";
import { localDateAt } from "#common/hours/intervals";
import type { OpeningHours } from "#common/hours/schedule";
import { PICKUP_SLOT_MINUTES } from "#common/hours/pickup-slots";
import { openingStatusAt } from "#common/hours/status";
import { OPEN_ORDER_STATUSES } from "#common/order-lifecycle";
import { DEFAULT_DRINK_LIMITS, type DrinkLimits } from "#common/order-size";
import type { Database } from "#worker/db/client";
import {
  locationPickupSettings,
  locations,
  orderingPauses,
  orderItems,
  orderPickups,
  orderSlotDrinks,
  orders,
  products,
  soldOutItems,
  soldOutOptions,
} from "#worker/db/schema";
import { notFound } from "#worker/lib/errors";
import { loadOpeningHours } from "./opening-hours";
import { pickupSlotsWithFill } from "./pickup-slots";

/** A location with no pickup settings row takes no slots and assumes this long per drink. */
export const FALLBACK_PREP_MINUTES = 5;
const MINUTE_MS = 60_000;

/** Everything the shop's answer and an order's admission are computed from, read in one go. */
export interface ShopState {
  location: { id: string; name: string; timeZone: string; phone: string };
  hours: OpeningHours;
  slotCapacity: number;
  /** Drinks per online order and per slot (common/order-size.ts). */
  drinkLimits: DrinkLimits;
  defaultPrepMinutes: number;
  pause: { pausedUntil: string | null } | null;
  soldOut: SoldOutItem[];
  /** Ids of the add-on options sold out at the location. */
  soldOutOptions: string[];
  /**
   * Minutes of drinks still to make for orders on the board (received or preparing) or awaiting
   * their card payment: every "as soon as possible" order, and a pickup-time order once the
   * counter has started on it.
   */
  queueMinutes: number;
}

/** Orders still to be made: on the board and not yet ready. */
const WAITING_STATUSES = OPEN_ORDER_STATUSES.filter((status) => status !== "ready");

/** The location's pause, if one is in force at `now`: until its end, or until resumed when it has none. */
export function pauseInForce(locationId: string, now: Date) {
  return and(
    eq(orderingPauses.locationId, locationId),
    or(isNull(orderingPauses.pausedUntil), sql`${orderingPauses.pausedUntil} > ${now.toISOString()}`),
  );
}

/**
 * An order still to be made that the counter is on now: one for "as soon as possible" (or from
 * before pickup times), or one for a pickup time whose first making slot has begun. A slot's
 * drinks are made in the 15 minutes before it starts, so an order for 5 PM placed in the morning
 * takes nobody's place in the queue until about then (its slots hold its drinks meanwhile).
 */
function onTheCounterNow(now: Date) {
  const makingStarted = new Date(now.getTime() + PICKUP_SLOT_MINUTES * MINUTE_MS).toISOString();
  const firstMakingSlot = sql`coalesce((SELECT min(${orderSlotDrinks.slotAt}) FROM ${orderSlotDrinks} WHERE ${orderSlotDrinks.orderId} = ${orders.id}), ${orderPickups.pickupAt})`;
  return or(isNull(orderPickups.mode), ne(orderPickups.mode, "slot"), sql`${firstMakingSlot} <= ${makingStarted}`);
}

/** What is sold out at the location now: whole drinks (no size) and single sizes. */
export function soldOutAt(db: Database, locationId: string) {
  return db
    .select({ productId: soldOutItems.productId, size: soldOutItems.size })
    .from(soldOutItems)
    .where(eq(soldOutItems.locationId, locationId));
}

/** The add-on options sold out at the location now. */
export function soldOutOptionsAt(db: Database, locationId: string) {
  return db
    .select({ optionId: soldOutOptions.optionId })
    .from(soldOutOptions)
    .where(eq(soldOutOptions.locationId, locationId));
}

export async function loadShopState(db: Database, locationId: string, now: Date): Promise<ShopState> {
  const [locationRows, settingsRows, pauseRows, soldOutRows, soldOutOptionRows, queueRows] = await db.batch([
    db.select().from(locations).where(eq(locations.id, locationId)),
    db.select().from(locationPickupSettings).where(eq(locationPickupSettings.locationId, locationId)),
    db.select({ pausedUntil: orderingPauses.pausedUntil }).from(orderingPauses).where(pauseInForce(locationId, now)),
    soldOutAt(db, locationId),
    soldOutOptionsAt(db, locationId),
    db
      .select({
        productPrep: products.prepMinutes,
        quantity: sql<number>`sum(${orderItems.quantity})`,
      })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .leftJoin(products, eq(products.id, orderItems.productId))
      .leftJoin(orderPickups, eq(orderPickups.orderId, orders.id))
      .where(
        and(
          eq(orders.locationId, locationId),
          inArray(orders.status, WAITING_STATUSES),
          // Awaiting a card payment, an order is not on the board yet but holds its place in the
          // queue until it is paid or released (docs/decisions/0019-holds-and-releases.md).
          onTheCounterNow(now),
        ),
      )
      .groupBy(products.prepMinutes),
  ]);
  const location = locationRows[0];
  if (!location) throw notFound("Location not found");
  const settings = settingsRows[0];
  const defaultPrepMinutes = settings?.defaultPrepMinutes ?? FALLBACK_PREP_MINUTES;
  return {
    location: { id: location.id, name: location.name, timeZone: location.timeZone, phone: location.phone },
    hours: await loadOpeningHours(db, locationId, location.timeZone),
    slotCapacity: settings?.slotCapacity ?? 0,
    drinkLimits: settings
      ? { perOrder: settings.maxDrinksPerOrder, perSlot: settings.maxDrinksPerSlot }
      : DEFAULT_DRINK_LIMITS,
    defaultPrepMinutes,
    pause: pauseRows[0] ?? null,
    soldOut: soldOutRows,
    soldOutOptions: soldOutOptionRows.map((row) => row.optionId),
    queueMinutes: queueRows.reduce(
      (sum, row) => sum + (row.productPrep ?? defaultPrepMinutes) * Number(row.quantity),
      0,
    ),
  };
}

/** Minutes one order takes at the counter: each drink's own time (or the default) times its quantity. */
export function prepMinutesFor(
  lines: { prepMinutes: number | null; quantity: number }[],
  defaultPrepMinutes: number,
): number {
  return lines.reduce((sum, line) => sum + (line.prepMinutes ?? defaultPrepMinutes) * line.quantity, 0);
}

/** When an order placed now would be ready: the queue ahead of it, then its own drinks. */
export function estimateReadyAt(state: ShopState, now: Date, ownPrepMinutes = state.defaultPrepMinutes): Date {
  return new Date(now.getTime() + (state.queueMinutes + ownPrepMinutes) * MINUTE_MS);
}

/** Whether an order ready at `readyAt` would be ready only after the current opening ends. */
export function readyAfterClosing(readyAt: Date, closesAt: Date | null): boolean {
  return closesAt !== null && readyAt.getTime() > closesAt.getTime();
}

/** Whether the location takes orders now, and if not, why. */
export function acceptance(
  state: ShopState,
  now: Date,
): { open: boolean; reason: NotAcceptingReason | null; opensAt: Date | null; closesAt: Date | null } {
  const opening = openingStatusAt(state.hours, now);
  const reason: NotAcceptingReason | null = !opening.open ? "closed" : state.pause ? "paused" : null;
  return { open: opening.open, reason, opensAt: opening.opensAt, closesAt: opening.closesAt };
}

/** The exceptions from today to HOURS_EXCEPTIONS_AHEAD_DAYS days ahead, on the location's calendar. */
function upcomingExceptions(hours: OpeningHours, now: Date): ShopHoursException[] {
  const today = localDateAt(now, hours.timeZone);
  // Calendar arithmetic on the date itself: a day is not always 24 hours on the shop's clock.
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + (HOURS_EXCEPTIONS_AHEAD_DAYS - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return hours.exceptions
    .filter((entry) => entry.date >= today && entry.date <= last)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((entry) => ({ date: entry.date, intervals: entry.intervals, note: entry.note ?? null }));
}

/** `GET /api/store`'s answer. */
export async function shopStatus(db: Database, locationId: string, now: Date): Promise<ShopStatus> {
  const state = await loadShopState(db, locationId, now);
  const { open, reason, opensAt, closesAt } = acceptance(state, now);
  const asapReadyAt = estimateReadyAt(state, now);
  // Today's only: the days ahead are GET /api/pickup-days' (pickup-days.ts), for the checkout alone.
  const pickupSlots = reason === null ? await pickupSlotsWithFill(db, state, now, asapReadyAt) : [];
  // "As soon as possible" is offered only when a drink can be ready before closing (admission.ts
  // refuses it otherwise); the checkout then offers the first pickup time ahead.
  const asapOffered = reason === null && !readyAfterClosing(asapReadyAt, closesAt);
  return {
    locationId: state.location.id,
    locationName: state.location.name,
    timeZone: state.location.timeZone,
    open,
    acceptingOrders: reason === null,
    reason,
    opensAt: opensAt?.toISOString() ?? null,
    closesAt: closesAt?.toISOString() ?? null,
    pausedUntil: state.pause?.pausedUntil ?? null,
    soldOut: state.soldOut,
    soldOutOptions: state.soldOutOptions,
    asapReadyAt: asapOffered ? asapReadyAt.toISOString() : null,
    pickupSlots,
    drinkLimits: state.drinkLimits,
    phone: state.location.phone,
    weeklyHours: state.hours.weekly.map(({ weekday, opens, closes }) => ({ weekday, opens, closes })),
    hoursExceptions: upcomingExceptions(state.hours, now),
    now: now.toISOString(),
  };
}
