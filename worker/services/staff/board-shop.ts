import { eq } from "drizzle-orm";
import { DEFAULT_BOARD_AGE_THRESHOLDS } from "#common/order-board";
import { DEFAULT_DRINK_LIMITS } from "#common/order-size";
import type { BoardLocation } from "#common/staff-orders";
import type { Database } from "#worker/db/client";
import { locationBoardSettings, locationPickupSettings, locations } from "#worker/db/schema";
import { openingHoursFromRows, openingHoursQueries } from "#worker/services/shop/opening-hours";

/**
 * The board's shop: its name, time zone, when its tickets turn "waiting" and "late", how
 * many drinks make an order large, and its opening hours as they are now: one round trip, as the
 * board's every read and every catch-up starts here.
 */
export async function findBoardShop(db: Database, locationId: string): Promise<BoardLocation | undefined> {
  const [[row], weeklyRows, exceptionRows] = await db.batch([
    db
      .select({
        id: locations.id,
        name: locations.name,
        timeZone: locations.timeZone,
        warnAfterMinutes: locationBoardSettings.warnAfterMinutes,
        lateAfterMinutes: locationBoardSettings.lateAfterMinutes,
        maxDrinksPerOrder: locationPickupSettings.maxDrinksPerOrder,
        maxDrinksPerSlot: locationPickupSettings.maxDrinksPerSlot,
      })
      .from(locations)
      .leftJoin(locationBoardSettings, eq(locationBoardSettings.locationId, locations.id))
      .leftJoin(locationPickupSettings, eq(locationPickupSettings.locationId, locations.id))
      .where(eq(locations.id, locationId)),
    ...openingHoursQueries(db, locationId),
  ]);
  if (!row) return undefined;
  const { warnAfterMinutes, lateAfterMinutes, maxDrinksPerOrder, maxDrinksPerSlot, ...location } = row;
  const openingHours = openingHoursFromRows(location.timeZone, weeklyRows, exceptionRows);
  return {
    ...location,
    ageThresholds:
      warnAfterMinutes === null || lateAfterMinutes === null
        ? DEFAULT_BOARD_AGE_THRESHOLDS
        : { warnAfterMinutes, lateAfterMinutes },
    drinkLimits:
      maxDrinksPerOrder === null || maxDrinksPerSlot === null
        ? DEFAULT_DRINK_LIMITS
        : { perOrder: maxDrinksPerOrder, perSlot: maxDrinksPerSlot },
    openingHours,
  };
}
