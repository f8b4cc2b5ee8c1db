import { eq } from "drizzle-orm";
import { DEFAULT_BOARD_AGE_THRESHOLDS } from "#common/order-board";
import type { BoardLocation } from "#common/staff-orders";
import type { Database } from "#worker/db/client";
import { locationBoardSettings, locations } from "#worker/db/schema";

/** The board's location: its name, time zone and when its tickets turn "waiting" and "late". */
export async function findBoardLocation(db: Database, locationId: string): Promise<BoardLocation | undefined> {
  const [row] = await db
    .select({
      id: locations.id,
      name: locations.name,
      timeZone: locations.timeZone,
      warnAfterMinutes: locationBoardSettings.warnAfterMinutes,
      lateAfterMinutes: locationBoardSettings.lateAfterMinutes,
    })
    .from(locations)
    .leftJoin(locationBoardSettings, eq(locationBoardSettings.locationId, locations.id))
    .where(eq(locations.id, locationId));
  if (!row) return undefined;
  const { warnAfterMinutes, lateAfterMinutes, ...location } = row;
  return {
    ...location,
    ageThresholds:
      warnAfterMinutes === null || lateAfterMinutes === null
        ? DEFAULT_BOARD_AGE_THRESHOLDS
        : { warnAfterMinutes, lateAfterMinutes },
  };
}
