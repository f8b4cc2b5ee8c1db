import { eq, lt, or } from "drizzle-orm";
import type { Database } from "#worker/db/client";
import { sessions } from "#worker/db/schema";
import { sha256Hex } from "#worker/lib/sha256";

/** A session ends after this long without a request... */
export const SESSION_IDLE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** ...and at the latest this long after sign-in, however active it is. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is refreshed at most this often, so a busy page does not write on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** 32 random bytes (256 bits), base64url: unguessable, cookie-safe. */
export function newSessionToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return base64Url(bytes);
}

export function base64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The database keeps only this, so a leaked table cannot be replayed as cookies. */
export async function hashSessionToken(token: string): Promise<string> {
  return sha256Hex(token);
}

export interface NewSession {
  token: string;
  /** The absolute expiry; the idle expiry may end it sooner. */
  expiresAt: Date;
}

/** A fresh session for a sign-in: a new token every time, never a reused one. */
export async function createSession(db: Database, userId: string, now = new Date()): Promise<NewSession> {
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_LIFETIME_MS);
  await db.insert(sessions).values({
    tokenHash: await hashSessionToken(token),
    userId,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  return { token, expiresAt };
}

export interface ValidSession {
  userId: string;
  tokenHash: string;
}

/**
 * The session a token belongs to, if it is still alive. An expired one is deleted on the
 * way (nobody can use it again anyway); a live one has its idle clock slid forward.
 */
export async function findValidSession(db: Database, token: string, now = new Date()): Promise<ValidSession | null> {
  const tokenHash = await hashSessionToken(token);
  const session = await db.query.sessions.findFirst({ where: eq(sessions.tokenHash, tokenHash) });
  if (!session) return null;

  const lastSeen = Date.parse(session.lastSeenAt);
  const idleExpired = now.getTime() - lastSeen >= SESSION_IDLE_TIMEOUT_MS;
  const absoluteExpired = now.getTime() >= Date.parse(session.expiresAt);
  if (idleExpired || absoluteExpired) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }

  if (now.getTime() - lastSeen >= SESSION_TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now.toISOString() }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { userId: session.userId, tokenHash };
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, await hashSessionToken(token)));
}

/** Housekeeping: removes sessions past either expiry. Safe to call any time. */
export async function deleteExpiredSessions(db: Database, now = new Date()): Promise<void> {
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS).toISOString();
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now.toISOString()), lt(sessions.lastSeenAt, idleCutoff)));
}
