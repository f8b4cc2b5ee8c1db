import type { NumbersShop } from "#common/numbers";
import type { StaffRole } from "#common/staff";
import type { Database } from "#worker/db/client";
import { locations } from "#worker/db/schema";
import { listMemberships } from "./membership";

/** The shops whose numbers a user may see: those where their role grants it (none for a shopper). */
export async function numbersShops(
  db: Database,
  userId: string,
  grants: (role: StaffRole) => boolean,
): Promise<NumbersShop[]> {
  const memberships = (await listMemberships(db, userId)).filter((membership) => grants(membership.role));
  if (memberships.length === 0) return [];
  const zones = new Map(
    (await db.select({ id: locations.id, timeZone: locations.timeZone }).from(locations)).map((row) => [
      row.id,
      row.timeZone,
    ]),
  );
  return memberships.map((membership) => ({
    id: membership.locationId,
    name: membership.locationName,
    timeZone: zones.get(membership.locationId)!,
  }));
}
