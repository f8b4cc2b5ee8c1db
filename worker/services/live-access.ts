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

/** The read of which of these sessions are alive now, with their users. */
function aliveSessionsQuery(db: Database, hashes: string[], now: Date) {
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS).toISOString();
  return db
    .select({ tokenHash: sessions.tokenHash, userId: sessions.userId })
    .from(sessions)
    .where(
      and(
        inArray(sessions.tokenHash, hashes),
        gt(sessions.expiresAt, now.toISOString()),
        gt(sessions.lastSeenAt, idleCutoff),
      ),
    );
}

/** The read of which of these users belong to the location now (its own list, or the owner). */
function staffOfQuery(db: Database, locationId: string, userIds: string[]) {
  return db
    .select({ userId: users.id })
    .from(users)
    .innerJoin(staffMembers, eq(staffMembers.email, sql`lower(trim(${users.email}))`))
    .where(and(inArray(users.id, userIds), memberOfShop(locationId)));
}

/**
 * The sessions of these listeners that may no longer listen at the location. Every read is in one
 * D1 batch, one round trip however many boards are open: a quiet shop's next order waits for this
 * check (docs/decisions/0052), and a busy shop's recheck runs beside its next order.
 */
export async function revokedSessions(
  db: Database,
  locationId: string,
  listeners: Listener[],
  now = new Date(),
): Promise<string[]> {
  const sessionParts = chunks([...new Set(listeners.map((listener) => listener.session))]);
  const boardUsers = [...new Set(listeners.filter((l) => l.kind === "board").map((l) => l.userId))];
  const reads = [
    ...sessionParts.map((part) => aliveSessionsQuery(db, part, now)),
    ...chunks(boardUsers).map((part) => staffOfQuery(db, locationId, part)),
  ];
  const [first, ...rest] = reads;
  const answers = first ? await db.batch([first, ...rest]) : [];
  // The batch answers in the order asked: the sessions' parts, then the staff's.
  const aliveRows = answers.slice(0, sessionParts.length).flat() as Awaited<ReturnType<typeof aliveSessionsQuery>>;
  const staffRows = answers.slice(sessionParts.length).flat() as Awaited<ReturnType<typeof staffOfQuery>>;
  const alive = new Map(aliveRows.map((row) => [row.tokenHash, row.userId]));
  const staff = new Set(staffRows.map((row) => row.userId));
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
