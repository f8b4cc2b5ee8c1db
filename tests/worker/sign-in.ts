import { env } from "cloudflare:workers";
import { getDb } from "#worker/db/client";
import { users } from "#worker/db/schema";
import { LOCAL_SESSION_COOKIE } from "#worker/services/auth/sign-in-session";
import { createSession } from "#worker/services/auth/sessions";

export interface SignedInUser {
  userId: string;
  /** "name=value" for the Cookie header of requests made with `api()` (http://localhost). */
  cookie: string;
}

let counter = 0;

/**
 * A user with a live session, made through the real session code, for tests of routes
 * behind sign-in: `api("/api/orders", { headers: { Cookie: cookie } })`.
 */
export async function createSignedInUser(
  overrides: { username?: string; email?: string; phone?: string | null } = {},
): Promise<SignedInUser> {
  const db = getDb(env.DB);
  const userId = crypto.randomUUID();
  counter += 1;
  await db.insert(users).values({
    id: userId,
    username: overrides.username ?? `Test Person ${counter}`,
    email: overrides.email ?? `person-${userId}@example.com`,
    phone: overrides.phone === undefined ? null : overrides.phone,
    createdAt: new Date().toISOString(),
  });
  const { token } = await createSession(db, userId);
  return { userId, cookie: `${LOCAL_SESSION_COOKIE}=${token}` };
}

/** A signed-in member of the Anaheim shop's staff (seed/dev/staff.sql lists barista@example.com). */
export function createBarista(): Promise<SignedInUser> {
  return createSignedInUser({ username: "Sam Barista", email: "barista@example.com" });
}

/** A signed-in staff member of another location, made for the test (location and staff row included). */
export async function createStaffOfAnotherLocation(): Promise<SignedInUser & { locationId: string }> {
  const locationId = `loc-test-${crypto.randomUUID().slice(0, 8)}`;
  const email = `staff-${locationId}@example.com`;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO locations (id, name, address, phone, time_zone) VALUES (?, 'Squeeze Test Town', '1 Test St', '+1 555 0100', 'America/New_York')",
    ).bind(locationId),
    env.DB.prepare("INSERT INTO staff_members (email, location_id, role) VALUES (?, ?, 'staff')").bind(
      email,
      locationId,
    ),
  ]);
  const user = await createSignedInUser({ username: "Other Shop Barista", email });
  return { ...user, locationId };
}
