/**
 * The shops shoppers pick from (GET /api/locations): each one's hours on its own clock, from the
 * same hours code the banner and admission use (common/hours/), read for every shop in one batch.
 */
import { and, asc, eq, gte, type SQL } from "drizzle-orm";
import { intervalsOnDate } from "#common/hours/intervals";
import { shopDate } from "#common/shop-calendar";
import { OPENING_HORIZON_DAYS, openingStatusAt } from "#common/hours/status";
import type { LocationSummary } from "#common/locations";
import type { Database } from "#worker/db/client";
import { deliveryZipCodes, locationHours, locationHoursExceptions, locations } from "#worker/db/schema";
import { notFound } from "#worker/lib/errors";
import { openingHoursFromRows } from "#worker/services/shop/opening-hours";
import { milesBetween, type Point } from "./distance";

const DAY_MS = 86_400_000;

/** The shops taking online orders, nearest first from `from` when given, else by name. */
export async function onlineShops(db: Database, now: Date, from?: Point): Promise<LocationSummary[]> {
  const shops = await readShops(db, now);
  if (!from) return shops;
  return shops
    .map((shop) => ({ ...shop, distanceMiles: roundMiles(milesBetween(from, shop)) }))
    .sort((a, b) => a.distanceMiles - b.distanceMiles || a.name.localeCompare(b.name));
}

/** One shop taking online orders, by its slug; 404 for any other. */
export async function onlineShopBySlug(db: Database, slug: string, now: Date): Promise<LocationSummary> {
  const [shop] = await readShops(db, now, eq(locations.slug, slug));
  if (!shop) throw notFound("No shop has this address");
  return shop;
}

/**
 * When the current stretch ends, unless that is only where the hours code stopped looking (a shop
 * open around the clock "closes" at the horizon's end, which no shopper should read).
 */
function closingWithinHorizon(closesAt: Date | null, now: Date): string | null {
  if (!closesAt || closesAt.getTime() - now.getTime() >= (OPENING_HORIZON_DAYS - 1) * DAY_MS) return null;
  return closesAt.toISOString();
}

/** Tenths of a mile: "2.4 mi" is as exact as a ZIP code's centroid allows. */
function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}

async function readShops(db: Database, now: Date, only?: SQL): Promise<LocationSummary[]> {
  const online = and(eq(locations.takesOnlineOrders, true), only);
  // Days that ended more than a day ago (on any clock) no longer decide anything.
  const since = new Date(now.getTime() - 2 * DAY_MS).toISOString().slice(0, 10);
  const [shopRows, weeklyRows, exceptionRows, deliveringRows] = await db.batch([
    db.select().from(locations).where(online).orderBy(asc(locations.name)),
    db
      .select({
        locationId: locationHours.locationId,
        weekday: locationHours.weekday,
        opens: locationHours.opens,
        closes: locationHours.closes,
      })
      .from(locationHours)
      .innerJoin(locations, eq(locations.id, locationHours.locationId))
      .where(online)
      .orderBy(asc(locationHours.weekday), asc(locationHours.opens)),
    db
      .select({
        locationId: locationHoursExceptions.locationId,
        date: locationHoursExceptions.date,
        opens: locationHoursExceptions.opens,
        closes: locationHoursExceptions.closes,
        note: locationHoursExceptions.note,
      })
      .from(locationHoursExceptions)
      .innerJoin(locations, eq(locations.id, locationHoursExceptions.locationId))
      .where(and(online, gte(locationHoursExceptions.date, since)))
      .orderBy(asc(locationHoursExceptions.date), asc(locationHoursExceptions.opens)),
    db
      .selectDistinct({ locationId: deliveryZipCodes.locationId })
      .from(deliveryZipCodes)
      .innerJoin(locations, eq(locations.id, deliveryZipCodes.locationId))
      .where(online),
  ]);
  const delivering = new Set(deliveringRows.map((row) => row.locationId));
  return shopRows.map((shop) => {
    const hours = openingHoursFromRows(
      shop.timeZone,
      weeklyRows.filter((row) => row.locationId === shop.id),
      exceptionRows.filter((row) => row.locationId === shop.id),
    );
    const status = openingStatusAt(hours, now);
    return {
      id: shop.id,
      slug: shop.slug,
      name: shop.name,
      address: shop.address,
      phone: shop.phone,
      latitude: shop.latitude,
      longitude: shop.longitude,
      timeZone: shop.timeZone,
      openNow: status.open,
      // Today on the shop's calendar, which is not the server's (UTC) nor the shopper's.
      todayHours: intervalsOnDate(hours, shopDate(now, shop.timeZone)).map(({ opens, closes }) => ({
        opens,
        closes,
      })),
      nextOpening: status.opensAt?.toISOString() ?? null,
      closesAt: status.open ? closingWithinHorizon(status.closesAt, now) : null,
      // Every order can be collected at the counter; delivery needs an area (seed/locations.sql).
      offersPickup: true,
      offersDelivery: delivering.has(shop.id),
    } satisfies LocationSummary;
  });
}
