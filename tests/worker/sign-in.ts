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

/** The id of a returning shopper's earlier order starts with this, so a test can leave it out of what it counts. */
export const EARLIER_VISIT_ID_PREFIX = "earlier-visit-";

/**
 * A shopper who has had an order picked up before (a year ago, at the first shop), so the
 * business's per-account cap on open unpaid drinks applies to them, not a new account's
 * (worker/services/orders/open-drinks.ts).
 */
export async function createReturningShopper(
  overrides: Parameters<typeof createSignedInUser>[0] = {},
): Promise<SignedInUser> {
  const user = await createSignedInUser(overrides);
  await env.DB.prepare(
    `INSERT INTO orders (id, user_id, location_id, status, payment_mode, payment_state, total_cents, subtotal_cents,
       customer_name, customer_email, phone, created_at, updated_at)
     SELECT ?, ?, (SELECT id FROM locations ORDER BY id LIMIT 1), 'completed', 'pay_on_pickup', 'paid_at_counter', 500, 500,
       'Returning Shopper', 'returning@example.com', '+1 714 555 0100', '2025-01-07T17:00:00.000Z', '2025-01-07T17:10:00.000Z'`,
  )
    .bind(`${EARLIER_VISIT_ID_PREFIX}${crypto.randomUUID()}`, user.userId)
    .run();
  return user;
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
