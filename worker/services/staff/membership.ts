import { eq, sql } from "drizzle-orm";
import type { StaffMembership } from "#common/staff";
import type { Database } from "#worker/db/client";
import { locations, staffMembers, users } from "#worker/db/schema";

/**
 * The location and role of a signed-in user whose e-mail is on the staff list, or null.
 * The e-mail is the one the provider verified at sign-in (Google and Apple refuse unverified
 * ones, see services/auth); the comparison ignores case, as e-mail providers do.
 */
export async function findStaffMembership(db: Database, userId: string): Promise<StaffMembership | null> {
  const [row] = await db
    .select({ locationId: staffMembers.locationId, locationName: locations.name, role: staffMembers.role })
    .from(users)
    .innerJoin(staffMembers, eq(staffMembers.email, sql`lower(trim(${users.email}))`))
    .innerJoin(locations, eq(locations.id, staffMembers.locationId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
