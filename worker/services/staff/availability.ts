import { and, asc, eq, exists, not, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { WHOLE_DRINK } from "#common/availability";
import type {
  OptionSoldOutChangeRequest,
  PauseOrderingRequest,
  SoldOutChangeRequest,
  StaffAvailability,
  StaffMenuDrink,
} from "#common/staff-availability";
import type { Database } from "#worker/db/client";
import {
  availabilityEvents,
  locations,
  locationNotSold,
  categories,
  modifierGroupAttachments,
  modifierGroups,
  modifierOptions,
  orderingPauses,
  productPrices,
  products,
  soldOutItems,
  soldOutOptions,
  users,
} from "#worker/db/schema";
import { ApiError } from "#worker/lib/errors";
import { visibleCategory, visibleProduct } from "#worker/services/catalog";
import { pauseInForce } from "#worker/services/shop/state";
import { PRODUCT_SIZES } from "#common/catalog";
import { normalizeEmail } from "#common/email-address";

/** The shop's "not sold here" row for a drink or an option (`column` matched against `target`). */
function notSoldHere(locationId: string, column: SQLiteColumn, target: SQLiteColumn): SQL {
  return sql`EXISTS (SELECT 1 FROM ${locationNotSold} WHERE ${locationNotSold.locationId} = ${locationId} AND ${column} = ${target})`;
}

/** Who is making a change, as the history records it. */
export interface StaffActor {
  userId: string;
  locationId: string;
}

/** The staff member's e-mail as the history records it (normalised: however the provider spelt it). */
async function actorEmail(db: Database, actor: StaffActor): Promise<string> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
  return (user?.email && normalizeEmail(user.email)) || actor.userId;
}

/**
 * The location's pause (when still in force), its sold-out marks, and the drinks and add-on
 * options the Menu tab lists.
 */
export async function loadStaffAvailability(
  db: Database,
  locationId: string,
  now = new Date(),
): Promise<StaffAvailability> {
  const [locationRows, pauseRows, soldOutRows, drinkRows, priceRows, optionRows, soldOutOptionRows, attachmentRows] =
    await db.batch([
      db.select({ timeZone: locations.timeZone }).from(locations).where(eq(locations.id, locationId)),
      db.select().from(orderingPauses).where(pauseInForce(locationId, now)),
      db.select().from(soldOutItems).where(eq(soldOutItems.locationId, locationId)).orderBy(asc(soldOutItems.markedAt)),
      db
        // Aliased: both tables call the column "name", which a batch would read as one.
        .select({
          productId: products.id,
          name: products.name,
          categoryName: sql<string>`${categories.name}`.as("category_name"),
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        // Only what this shop sells (seed/shop-menu.sql): a drink it does not sell is no one's to mark.
        .where(
          and(visibleProduct, visibleCategory, not(notSoldHere(locationId, locationNotSold.productId, products.id))),
        )
        .orderBy(asc(categories.sortOrder), asc(products.order), asc(products.name)),
      db.select({ productId: productPrices.productId, size: productPrices.size }).from(productPrices),
      db
        // Aliased: both tables call their columns "id" and "name", which a batch would read as one.
        .select({
          groupId: sql<string>`${modifierGroups.id}`.as("group_id"),
          groupName: sql<string>`${modifierGroups.name}`.as("group_name"),
          optionId: modifierOptions.id,
          name: modifierOptions.name,
        })
        .from(modifierOptions)
        .innerJoin(modifierGroups, eq(modifierGroups.id, modifierOptions.groupId))
        .where(
          and(
            eq(modifierOptions.isHidden, false),
            not(notSoldHere(locationId, locationNotSold.optionId, modifierOptions.id)),
          ),
        )
        .orderBy(
          asc(modifierGroups.name),
          asc(modifierGroups.id),
          asc(modifierOptions.sortOrder),
          asc(modifierOptions.name),
        ),
      db
        .select()
        .from(soldOutOptions)
        .where(eq(soldOutOptions.locationId, locationId))
        .orderBy(asc(soldOutOptions.markedAt)),
      db
        // Aliased, as above: a category and a drink both have a "name".
        .select({
          groupId: modifierGroupAttachments.groupId,
          categoryName: sql<string | null>`${categories.name}`.as("category_name"),
          productName: sql<string | null>`${products.name}`.as("product_name"),
        })
        .from(modifierGroupAttachments)
        .leftJoin(categories, eq(categories.id, modifierGroupAttachments.categoryId))
        .leftJoin(products, eq(products.id, modifierGroupAttachments.productId))
        .orderBy(asc(modifierGroupAttachments.sortOrder), asc(modifierGroupAttachments.id)),
    ]);
  const sizesByDrink = new Map<string, StaffMenuDrink["sizes"]>();
  for (const row of priceRows) {
    const list = sizesByDrink.get(row.productId) ?? [];
    list.push(row.size);
    sizesByDrink.set(row.productId, list);
  }
  const addOns: StaffAvailability["addOns"] = [];
  for (const row of optionRows) {
    let group = addOns.find((candidate) => candidate.groupId === row.groupId);
    if (!group) {
      const offeredWith = attachmentRows
        .filter((attachment) => attachment.groupId === row.groupId)
        .flatMap((attachment) => attachment.categoryName ?? attachment.productName ?? []);
      addOns.push((group = { groupId: row.groupId, name: row.groupName, offeredWith, options: [] }));
    }
    group.options.push({ optionId: row.optionId, name: row.name });
  }
  const pause = pauseRows[0];
  return {
    timeZone: locationRows[0]?.timeZone ?? "UTC",
    pause: pause ? { pausedUntil: pause.pausedUntil, pausedBy: pause.pausedBy, pausedAt: pause.pausedAt } : null,
    soldOut: soldOutRows.map((row) => ({
      productId: row.productId,
      size: row.size,
      markedBy: row.markedBy,
      markedAt: row.markedAt,
    })),
    menu: drinkRows.map((row) => ({
      ...row,
      sizes: (sizesByDrink.get(row.productId) ?? []).sort(
        (a, b) => PRODUCT_SIZES.indexOf(a) - PRODUCT_SIZES.indexOf(b),
      ),
    })),
    addOns,
    soldOutOptions: soldOutOptionRows.map(({ optionId, markedBy, markedAt }) => ({ optionId, markedBy, markedAt })),
  };
}

/** Pauses online ordering for some minutes, or until resumed; a new pause replaces the one in force. */
export async function pauseOrdering(
  db: Database,
  actor: StaffActor,
  request: PauseOrderingRequest,
  now = new Date(),
): Promise<void> {
  const email = await actorEmail(db, actor);
  const pausedAt = now.toISOString();
  const pausedUntil =
    request.minutes === null ? null : new Date(now.getTime() + request.minutes * 60_000).toISOString();
  await db.batch([
    db
      .insert(orderingPauses)
      .values({ locationId: actor.locationId, pausedUntil, pausedBy: email, pausedAt })
      .onConflictDoUpdate({ target: orderingPauses.locationId, set: { pausedUntil, pausedBy: email, pausedAt } }),
    db
      .insert(availabilityEvents)
      .values({ locationId: actor.locationId, kind: "paused", pausedUntil, actorEmail: email, createdAt: pausedAt }),
  ]);
}

/** A row of the shop's history, written only while `when` holds (checked in the same batch as the change). */
function historyRowWhen(
  db: Database,
  when: SQL,
  row: {
    locationId: string;
    kind: "resumed" | "sold_out" | "back_on_menu";
    productId?: string;
    size?: string;
    optionId?: string;
    actorEmail: string;
    createdAt: string;
  },
) {
  const value = (given: string | null, column: string) => sql`${given}`.as(column);
  return db.insert(availabilityEvents).select(
    db
      // Every column in the table's order, as an INSERT … SELECT needs (the id is the next one).
      .select({
        id: value(null, "id"),
        locationId: locations.id,
        kind: value(row.kind, "kind"),
        productId: value(row.productId ?? null, "product_id"),
        size: value(row.size ?? null, "size"),
        optionId: value(row.optionId ?? null, "option_id"),
        pausedUntil: value(null, "paused_until"),
        actorEmail: value(row.actorEmail, "actor_email"),
        createdAt: value(row.createdAt, "created_at"),
      })
      .from(locations)
      .where(and(eq(locations.id, row.locationId), when)),
  );
}

/**
 * Takes orders again at once. The history row is written in the same batch as the delete, and
 * only if there was a pause to delete: resuming when not paused writes nothing.
 */
export async function resumeOrdering(db: Database, actor: StaffActor, now = new Date()): Promise<void> {
  const email = await actorEmail(db, actor);
  const paused = eq(orderingPauses.locationId, actor.locationId);
  await db.batch([
    historyRowWhen(
      db,
      exists(
        db
          .select({ one: sql`1` })
          .from(orderingPauses)
          .where(paused),
      ),
      {
        locationId: actor.locationId,
        kind: "resumed",
        actorEmail: email,
        createdAt: now.toISOString(),
      },
    ),
    db.delete(orderingPauses).where(paused),
  ]);
}

/**
 * Marks a drink or one of its sizes sold out at the staff member's location, or takes the mark
 * back (the one-tap undo). The mark and its history row are one batch, and the row is written
 * only when the mark really changes, so repeated or concurrent taps leave one event per change.
 */
export async function changeSoldOut(
  db: Database,
  actor: StaffActor,
  request: SoldOutChangeRequest,
  now = new Date(),
): Promise<void> {
  const [drink] = await db
    .select({ id: products.id, onMenu: sql<number>`${and(visibleProduct, visibleCategory)}` })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.id, request.productId), eq(products.isDeleted, false)));
  // A drink off the menu (hidden, or in a hidden category) cannot be marked sold out; a mark it
  // still carries from before can be taken back, so it does not come back sold out with the drink.
  if (!drink || (request.soldOut && !drink.onMenu))
    throw new ApiError(404, "not_found", "No such drink on the menu", "productId");
  if (request.size !== WHOLE_DRINK) {
    const [price] = await db
      .select({ size: productPrices.size })
      .from(productPrices)
      .where(and(eq(productPrices.productId, drink.id), eq(productPrices.size, request.size)));
    if (!price)
      throw new ApiError(400, "invalid_input", `size: this drink is not sold in size ${request.size}`, "size");
  }
  const email = await actorEmail(db, actor);
  const at = now.toISOString();
  const mark = and(
    eq(soldOutItems.locationId, actor.locationId),
    eq(soldOutItems.productId, drink.id),
    eq(soldOutItems.size, request.size),
  );
  const marked = exists(
    db
      .select({ one: sql`1` })
      .from(soldOutItems)
      .where(mark),
  );
  const event = historyRowWhen(db, request.soldOut ? not(marked) : marked, {
    locationId: actor.locationId,
    kind: request.soldOut ? "sold_out" : "back_on_menu",
    productId: drink.id,
    size: request.size,
    actorEmail: email,
    createdAt: at,
  });
  const change: BatchItem<"sqlite"> = request.soldOut
    ? db
        .insert(soldOutItems)
        .values({
          locationId: actor.locationId,
          productId: drink.id,
          size: request.size,
          markedBy: email,
          markedAt: at,
        })
        .onConflictDoNothing()
    : db.delete(soldOutItems).where(mark);
  // The history row first: its condition reads the mark as it was before the change.
  await db.batch([event, change]);
}

/**
 * Marks an add-on option (oat milk) sold out at the staff member's location, or takes the mark
 * back: with every drink it is offered with, as one batch with its history row, written only
 * when the mark really changes (as for drinks).
 */
export async function changeOptionSoldOut(
  db: Database,
  actor: StaffActor,
  request: OptionSoldOutChangeRequest,
  now = new Date(),
): Promise<void> {
  const [option] = await db
    .select({ id: modifierOptions.id })
    .from(modifierOptions)
    .where(and(eq(modifierOptions.id, request.optionId), eq(modifierOptions.isHidden, false)));
  if (!option) throw new ApiError(404, "not_found", "No such add-on option on the menu", "optionId");
  const email = await actorEmail(db, actor);
  const at = now.toISOString();
  const mark = and(eq(soldOutOptions.locationId, actor.locationId), eq(soldOutOptions.optionId, option.id));
  const marked = exists(
    db
      .select({ one: sql`1` })
      .from(soldOutOptions)
      .where(mark),
  );
  const event = historyRowWhen(db, request.soldOut ? not(marked) : marked, {
    locationId: actor.locationId,
    kind: request.soldOut ? "sold_out" : "back_on_menu",
    optionId: option.id,
    actorEmail: email,
    createdAt: at,
  });
  const change: BatchItem<"sqlite"> = request.soldOut
    ? db
        .insert(soldOutOptions)
        .values({ locationId: actor.locationId, optionId: option.id, markedBy: email, markedAt: at })
        .onConflictDoNothing()
    : db.delete(soldOutOptions).where(mark);
  // The history row first: its condition reads the mark as it was before the change.
  await db.batch([event, change]);
}
