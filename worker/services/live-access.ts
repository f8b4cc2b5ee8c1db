/**
 * Who may still listen on a live channel (docs/decisions/0008): a socket belongs to the sign-in
 * session that opened it, and before each message the channel's listeners are checked here
 * against the database (at most LISTENER_CHECK_VALID_MS before, see worker/live/location-channel.ts): the session still alive, and a board's user still on the
 * location's staff. A sign-out closes that session's sockets at once.
 */
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "#worker/db/client";
import { locations, sessions, staffMembers, users } from "#worker/db/schema";
import type { Env } from "#worker/env";
import { closeSessionListeners } from "#worker/live/channel";
import type { Listener } from "#worker/live/location-channel";
import { SESSION_IDLE_TIMEOUT_MS } from "#worker/services/auth/sessions";
import { listMemberships, memberOfShop } from "#worker/services/staff/membership";

/** D1 binds at most 100 values per statement. */
const CHUNK = 90;

function chunks<T>(values: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(values.slice(i, i + CHUNK));
  return out;
}

/** The sessions among these that are alive now, with their users. */
async function aliveSessions(db: Database, hashes: string[], now: Date): Promise<Map<string, string>> {
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS).toISOString();
  const alive = new Map<string, string>();
  for (const part of chunks(hashes)) {
    const rows = await db
      .select({ tokenHash: sessions.tokenHash, userId: sessions.userId })
      .from(sessions)
      .where(
        and(
          inArray(sessions.tokenHash, part),
          gt(sessions.expiresAt, now.toISOString()),
          gt(sessions.lastSeenAt, idleCutoff),
        ),
      );
    for (const row of rows) alive.set(row.tokenHash, row.userId);
  }
  return alive;
}

/** The users among these who belong to the location now (its own list, or the owner). */
async function staffOf(db: Database, locationId: string, userIds: string[]): Promise<Set<string>> {
  const staff = new Set<string>();
  for (const part of chunks(userIds)) {
    const rows = await db
      .select({ userId: users.id })
      .from(users)
      .innerJoin(staffMembers, eq(staffMembers.email, sql`lower(trim(${users.email}))`))
      .where(and(inArray(users.id, part), memberOfShop(locationId)));
    for (const row of rows) staff.add(row.userId);
  }
  return staff;
}

/** The sessions of these listeners that may no longer listen at the location. */
export async function revokedSessions(
  db: Database,
  locationId: string,
  listeners: Listener[],
  now = new Date(),
): Promise<string[]> {
  const alive = await aliveSessions(db, [...new Set(listeners.map((listener) => listener.session))], now);
  const boardUsers = [...new Set(listeners.filter((l) => l.kind === "board").map((l) => l.userId))];
  const staff = boardUsers.length > 0 ? await staffOf(db, locationId, boardUsers) : new Set<string>();
  const revoked = listeners.filter(
    (listener) =>
      alive.get(listener.session) !== listener.userId || (listener.kind === "board" && !staff.has(listener.userId)),
  );
  return [...new Set(revoked.map((listener) => listener.session))];
}

/**
 * A sign-out: the session's sockets close at once, on the user's own channel and on the boards of
 * the shops they are on the staff of (every shop when the user is not known, a session already
 * expired: a board opened before then may still be open).
 */
export async function closeSessionSockets(
  env: Env,
  db: Database,
  session: string,
  userId: string | null,
): Promise<void> {
  const shops = userId
    ? (await listMemberships(db, userId)).map((membership) => membership.locationId)
    : (await db.select({ id: locations.id }).from(locations)).map((location) => location.id);
  await closeSessionListeners(env, shops, userId, session);
}
