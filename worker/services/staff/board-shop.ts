import { eq } from "drizzle-orm";
import { DEFAULT_BOARD_AGE_THRESHOLDS } from "#common/order-board";
import { DEFAULT_DRINK_LIMITS } from "#common/order-size";
import type { BoardLocation } from "#common/staff-orders";
import type { Database } from "#worker/db/client";
import { locationBoardSettings, locationPickupSettings, locations } from "#worker/db/schema";
import { loadOpeningHours } from "#worker/services/shop/opening-hours";

/**
 * The board's shop: its name, time zone, when its tickets turn "waiting" and "late", how
 * many drinks make an order large, and its opening hours as they are now.
 */
export async function findBoardShop(db: Database, locationId: string): Promise<BoardLocation | undefined> {
  const [row] = await db
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
    .where(eq(locations.id, locationId));
  if (!row) return undefined;
  const { warnAfterMinutes, lateAfterMinutes, maxDrinksPerOrder, maxDrinksPerSlot, ...location } = row;
  const openingHours = await loadOpeningHours(db, location.id, location.timeZone);
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
