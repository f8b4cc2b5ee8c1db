import { and, asc, eq, exists, isNotNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { StaffMembership, StaffRole } from "#common/staff";
import type { Database } from "#worker/db/client";
import { locations, staffMembers, users } from "#worker/db/schema";

/**
 * The shops a signed-in user belongs to, with their role at each: the shops of their rows, or
 * every shop for an `owner`, their own rows' shops first (oldest row first), then the rest by id.
 * The e-mail is the one the provider verified at sign-in (Google and Apple refuse unverified ones,
 * see services/auth); the comparison ignores case, as e-mail providers do. Empty for a shopper.
 * One statement: the staff's every request starts here.
 */
export async function listMemberships(db: Database, userId: string): Promise<StaffMembership[]> {
  return (await listMembershipsWithClocks(db, userId)).map(({ locationId, locationName, role }) => ({
    locationId,
    locationName,
    role,
  }));
}

/** As listMemberships, with each shop's time zone (the numbers count each shop's days on its clock). */
export async function listMembershipsWithClocks(
  db: Database,
  userId: string,
): Promise<(StaffMembership & { timeZone: string })[]> {
  const email = sql`(select lower(trim(${users.email})) from ${users} where ${users.id} = ${userId})`;
  const ownerRow = alias(staffMembers, "owner_row");
  const isOwner = exists(
    db
      .select({ found: sql`1` })
      .from(ownerRow)
      .where(and(eq(ownerRow.email, email), eq(ownerRow.role, "owner"))),
  );
  return db
    .select({
      locationId: locations.id,
      locationName: locations.name,
      timeZone: locations.timeZone,
      role: sql<StaffRole>`case when ${isOwner} then 'owner' else ${staffMembers.role} end`,
    })
    .from(locations)
    .leftJoin(staffMembers, and(eq(staffMembers.locationId, locations.id), eq(staffMembers.email, email)))
    .where(or(isNotNull(staffMembers.email), isOwner))
    .orderBy(sql`${staffMembers.createdAt} is null`, asc(staffMembers.createdAt), asc(locations.id));
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
export function memberOfShop(locationId: string) {
  return or(eq(staffMembers.locationId, locationId), eq(staffMembers.role, "owner"));
}
