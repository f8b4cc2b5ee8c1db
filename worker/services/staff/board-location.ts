import { eq } from "drizzle-orm";
import type { BoardLocation } from "#common/staff-orders";
import type { Database } from "#worker/db/client";
import { locations } from "#worker/db/schema";

/** The board's location: its name and time zone. */
export async function findBoardLocation(db: Database, locationId: string): Promise<BoardLocation | undefined> {
  const [row] = await db
    .select({ id: locations.id, name: locations.name, timeZone: locations.timeZone })
    .from(locations)
    .where(eq(locations.id, locationId));
  return row;
}
