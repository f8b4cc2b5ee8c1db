import type { NumbersShop } from "#common/numbers";
import type { StaffRole } from "#common/staff";
import type { Database } from "#worker/db/client";
import { locations } from "#worker/db/schema";
import { listMemberships } from "./membership";

/** Who asks for the numbers: the shops they may see, and whether they are the business's owner. */
export interface NumbersViewer {
  shops: NumbersShop[];
  /** The owner also sees figures of the whole business (the stamps every card holds). */
  owner: boolean;
}

/** The shops whose numbers a user may see: those where their role grants it (none for a shopper). */
export async function numbersViewer(
  db: Database,
  userId: string,
  grants: (role: StaffRole) => boolean,
): Promise<NumbersViewer> {
  const all = await listMemberships(db, userId);
  const owner = all.some((membership) => membership.role === "owner");
  const memberships = all.filter((membership) => grants(membership.role));
  if (memberships.length === 0) return { shops: [], owner };
  const zones = new Map(
    (await db.select({ id: locations.id, timeZone: locations.timeZone }).from(locations)).map((row) => [
      row.id,
      row.timeZone,
    ]),
  );
  const shops = memberships.map((membership) => ({
    id: membership.locationId,
    name: membership.locationName,
    timeZone: zones.get(membership.locationId)!,
  }));
  return { shops, owner };
}
