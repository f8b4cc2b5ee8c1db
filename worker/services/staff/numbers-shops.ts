import type { NumbersShop } from "#common/numbers";
import type { StaffRole } from "#common/staff";
import type { Database } from "#worker/db/client";
import { listMembershipsWithClocks } from "./membership";

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
  const all = await listMembershipsWithClocks(db, userId);
  const owner = all.some((membership) => membership.role === "owner");
  const shops = all
    .filter((membership) => grants(membership.role))
    .map((membership) => ({ id: membership.locationId, name: membership.locationName, timeZone: membership.timeZone }));
  return { shops, owner };
}
