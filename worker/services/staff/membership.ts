import { asc, eq, or, sql } from "drizzle-orm";
import type { StaffMembership, StaffRole } from "#common/staff";
import type { Database } from "#worker/db/client";
import { locations, staffMembers, users } from "#worker/db/schema";

/** A user's rows on the shops' lists, their first shop first. */
async function memberRows(db: Database, userId: string) {
  return db
    .select({ locationId: staffMembers.locationId, role: staffMembers.role })
    .from(users)
    .innerJoin(staffMembers, eq(staffMembers.email, sql`lower(trim(${users.email}))`))
    .where(eq(users.id, userId))
    .orderBy(asc(staffMembers.createdAt), asc(staffMembers.locationId));
}

/**
 * The shops a signed-in user belongs to, with their role at each: the shops of their rows, or
 * every shop for an `owner`. The e-mail is the one the provider verified at sign-in (Google and
 * Apple refuse unverified ones, see services/auth); the comparison ignores case, as e-mail
 * providers do. Empty for a shopper.
 */
export async function listMemberships(db: Database, userId: string): Promise<StaffMembership[]> {
  const rows = await memberRows(db, userId);
  if (rows.length === 0) return [];
  const owner = rows.find((row) => row.role === "owner");
  const all = await db
    .select({ locationId: locations.id, locationName: locations.name })
    .from(locations)
    .where(owner ? sql`1 = 1` : or(...rows.map((row) => eq(locations.id, row.locationId))))
    .orderBy(asc(locations.id));
  const order = new Map(rows.map((row, index) => [row.locationId, index]));
  const roleAt = new Map<string, StaffRole>(rows.map((row) => [row.locationId, row.role]));
  return all
    .map((shop) => ({ ...shop, role: owner ? ("owner" as const) : roleAt.get(shop.locationId)! }))
    .sort((a, b) => (order.get(a.locationId) ?? rows.length) - (order.get(b.locationId) ?? rows.length));
}

/**
 * A signed-in user's place at one shop, or, without a shop named, at their first shop (the owner's
 * is the shop their row names). Null for a shopper, and for a shop they do not belong to.
 */
export async function findStaffMembership(
  db: Database,
  userId: string,
  locationId?: string,
): Promise<StaffMembership | null> {
  const memberships = await listMemberships(db, userId);
  if (locationId === undefined) return memberships[0] ?? null;
  return memberships.find((membership) => membership.locationId === locationId) ?? null;
}

/** Whether a user is on a shop's list now: a row for that shop, or the owner's anywhere. */
export function memberOfLocation(locationId: string) {
  return or(eq(staffMembers.locationId, locationId), eq(staffMembers.role, "owner"));
}
