import type { BatchItem } from "drizzle-orm/batch";
import { inArray } from "drizzle-orm";
import { isSoldOut } from "#common/availability";
import type { PickupRequest } from "#common/forms/checkout";
import type { OrderPickup } from "#common/orders";
import { closedMessage, pausedMessage } from "#common/hours/format";
import type { Database } from "#worker/db/client";
import { orderPickups, products } from "#worker/db/schema";
import { ApiError } from "#worker/lib/errors";
import { acceptance, estimateReadyAt } from "#worker/services/shop/state";
import { drinkCount, type SlotDrinks } from "#common/order-size";
import { refuseOverDrinkLimit, refuseReadyAfterClosing } from "./order-size";
import { admitToSlot, pickupDaysWithFill, slotDrinksStatements } from "./pickup-slots";
import { prepMinutesFor } from "./prep-minutes";
import { shopStateNow } from "./queue";
import { prepStartAt } from "./prep-start";
import {
  openDrinksGuard,
  openDrinksLimitError,
  openDrinksFrom,
  openDrinksOf,
  openDrinksQuery,
  overOpenDrinks,
  refuseOverOpenDrinks,
  shopBusyError,
} from "./open-drinks";

/** The lines as the checks need them (already priced: the drink exists and the size is sold). */
interface CheckedLine {
  productId: string;
  name: string;
  size: string;
  quantity: number;
  /** The options it is made with, in the order the line sent them (or its defaults). */
  options: { id: string; name: string }[];
}

export interface AdmittedOrder {
  /** The 409 for an order undone by an open drinks guard in its batch (./open-drinks.ts), or null for another error. */
  openDrinksRefusal(error: unknown): Promise<ApiError | null>;
  pickup: OrderPickup;
  /** For a pickup time: when the counter should start on it (./prep-start.ts), null for as soon as possible. */
  prepStartsAt: string | null;
  locationId: string;
  /**
   * The order_pickups row and, for a pickup time, the drinks of the slots it is made in, for the
   * batch that writes the order (their triggers guard the slots' places and drinks), and the
   * account's open drinks guard; after the order's lines.
   */
  statements(orderId: string): BatchItem<"sqlite">[];
}

/**
 * The shop's (`locationId`'s) say over an order, whatever the browser showed: refused with 409 when the shop is
 * closed (`store_closed`, unless it is for a pickup time ahead) or paused (`ordering_paused`), when
 * a line or one of its add-on options is sold out (`sold_out`, naming the line), when the pickup time is not a slot on offer
 * today or in the days ahead (`slot_invalid`) or has no
 * room for its drinks (`slot_full`), when the order is too large to make in time
 * (`order_too_large`, ./order-size.ts), when the account would hold more open unpaid drinks than
 * it may (`open_drinks_limit`) or new accounts more than the shop takes from them (`shop_busy`,
 * both ./open-drinks.ts), and when "as soon as possible" would
 * be ready only after closing (`ready_after_closing`). A slot that fills up meanwhile is refused by
 * the database itself as the order is written (see ./pickup-slots.ts isSlotFull), as is a burst from one account
 * past its open drinks (isOverOpenDrinks).
 */
export async function admitOrder(
  db: Database,
  userId: string,
  locationId: string,
  lines: CheckedLine[],
  request: PickupRequest,
  now = new Date(),
): Promise<AdmittedOrder> {
  // The account's open drinks and the drinks' own minutes are read beside the shop's state, not after it.
  const [state, [openRows, prepRows]] = await Promise.all([
    shopStateNow(db, locationId, now),
    db.batch([
      openDrinksQuery(db, userId, locationId),
      db
        .select({ id: products.id, prepMinutes: products.prepMinutes })
        .from(products)
        .where(inArray(products.id, [...new Set(lines.map((line) => line.productId))])),
    ]),
  ]);
  const { reason, opensAt, closesAt } = acceptance(state, now);
  const timeZone = state.shop.timeZone;
  // Closed now, the shop still takes an order for a pickup time ahead (docs/decisions/0017).
  if (reason === "closed" && request.mode !== "slot") {
    throw new ApiError(409, "store_closed", `${closedMessage(opensAt, now, timeZone)}. Your cart is kept for then.`);
  }
  if (reason === "paused") {
    const until = state.pause?.pausedUntil ? new Date(state.pause.pausedUntil) : null;
    throw new ApiError(409, "ordering_paused", `${pausedMessage(until, timeZone)}. Your cart is kept for then.`);
  }
  const soldOutIndex = lines.findIndex((line) => isSoldOut(state.soldOut, line.productId, line.size as never));
  if (soldOutIndex >= 0) {
    const line = lines[soldOutIndex]!;
    throw new ApiError(
      409,
      "sold_out",
      `Line ${soldOutIndex + 1}: ${line.name}${line.size === "default" ? "" : ` (${line.size})`} is sold out. Remove it from your cart to continue.`,
      `lines.${soldOutIndex}`,
    );
  }
  refuseSoldOutOption(lines, state.soldOutOptions);

  const drinks = drinkCount(lines);
  refuseOverDrinkLimit(state, drinks);
  const shop = { ...state.shop, newAccountUnpaidDrinks: state.newAccountUnpaidDrinks };
  refuseOverOpenDrinks(openDrinksFrom(openRows), drinks, shop);
  const prepById = new Map(prepRows.map((row) => [row.id, row.prepMinutes]));
  const ownPrep = prepMinutesFor(
    lines.map((line) => ({ prepMinutes: prepById.get(line.productId) ?? null, quantity: line.quantity })),
    state.defaultPrepMinutes,
  );

  let pickup: OrderPickup;
  let making: SlotDrinks[] = [];
  if (request.mode === "slot") {
    // The same earliest slot the shop offered: a drink's own time does not take a shown slot away.
    const earliest = estimateReadyAt(state, now);
    // Today's or a day ahead's: the order is made from that day's slots only (./pickup-slots.ts).
    const days = await pickupDaysWithFill(db, state, now, earliest);
    ({ pickup, making } = admitToSlot(state, days, request.startsAt, drinks));
  } else {
    const readyAt = estimateReadyAt(state, now, ownPrep);
    refuseReadyAfterClosing(state, drinks, readyAt, closesAt);
    pickup = { mode: "asap", at: readyAt.toISOString(), timeZone };
  }
  return {
    openDrinksRefusal: async (error) => {
      const over = overOpenDrinks(error);
      if (over === "shop") return shopBusyError(shop.name, shop.phone);
      return over === "account" ? openDrinksLimitError(await openDrinksOf(db, userId, locationId), shop.phone) : null;
    },
    pickup,
    prepStartsAt: pickup.mode === "slot" ? prepStartAt(pickup.at, ownPrep) : null,
    locationId,
    statements: (orderId) => [
      db.insert(orderPickups).values({ orderId, locationId, mode: pickup.mode, pickupAt: pickup.at }),
      ...slotDrinksStatements(db, orderId, locationId, making),
      openDrinksGuard(db, userId, orderId, shop),
    ],
  };
}

/**
 * An option run out at the location (oat milk), on the line and at the place the line sent it,
 * or among the defaults a line without `modifierIds` is made with: 409 naming the option.
 */
function refuseSoldOutOption(lines: CheckedLine[], soldOutOptions: readonly string[]): void {
  if (soldOutOptions.length === 0) return;
  const soldOut = new Set(soldOutOptions);
  for (const [lineIndex, line] of lines.entries()) {
    const optionIndex = line.options.findIndex((option) => soldOut.has(option.id));
    if (optionIndex < 0) continue;
    throw new ApiError(
      409,
      "sold_out",
      `Line ${lineIndex + 1}: ${line.options[optionIndex]!.name} is sold out today (${line.name}). Remove the drink from your cart and choose it again with another option.`,
      `lines.${lineIndex}.modifierIds.${optionIndex}`,
    );
  }
}
