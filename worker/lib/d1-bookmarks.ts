import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { getDb, type Database } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { isHttps } from "./https";

/**
 * D1's Sessions API for the shop's state (docs/decisions/0007): reads may come from the
 * nearest read replica, and a browser carries the bookmark of the latest state it has seen
 * or written, so its next read is never older than that: a barista sees their own pause,
 * a shopper the slot they just took. Locally there are no replicas: the same calls run
 * against the one local database, bookmarks included.
 */
export const D1_BOOKMARK_COOKIE = "squeeze_d1_bookmark";
/** Bookmarks are opaque; anything else in the cookie is ignored rather than handed to D1. */
const BOOKMARK_PATTERN = /^[A-Za-z0-9-]{1,200}$/;

export interface BookmarkedDatabase {
  db: Database;
  /** Remembers the session's bookmark in the browser; call once the reads or writes are done. */
  keepBookmark(): void;
}

function openBookmarked(c: Context<AppEnv>, start: D1SessionConstraint): BookmarkedDatabase {
  const cookie = getCookie(c, D1_BOOKMARK_COOKIE);
  const session = c.env.DB.withSession(cookie && BOOKMARK_PATTERN.test(cookie) ? cookie : start);
  return {
    // drizzle needs only prepare() and batch(), which a session has.
    db: getDb(session as unknown as D1Database),
    keepBookmark() {
      const bookmark = session.getBookmark();
      if (!bookmark || !BOOKMARK_PATTERN.test(bookmark)) return;
      setCookie(c, D1_BOOKMARK_COOKIE, bookmark, {
        httpOnly: true,
        secure: isHttps(c),
        sameSite: "Lax",
        path: "/api",
        maxAge: 60 * 60,
      });
    },
  };
}

/** Reads that may come from a nearby replica, but never from before what this browser saw. */
export function replicaDatabase(c: Context<AppEnv>): BookmarkedDatabase {
  return openBookmarked(c, "first-unconstrained");
}

/** Writes, and reads that decide something (an order's checks): start at the primary. */
export function primaryDatabase(c: Context<AppEnv>): BookmarkedDatabase {
  return openBookmarked(c, "first-primary");
}
