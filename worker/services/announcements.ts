/**
 * The one place a change tells the world, once its batch has committed: the e-mails it queued
 * in the outbox (docs/decisions/0003) are delivered and its live messages published, both after
 * the response is sent, so the caller never waits for them.
 */
import type { Context } from "hono";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { publishToLocation, type LocationMessages } from "#worker/live/channel";
import { revokedSessions } from "./live-access";
import { deliverSoon } from "./outbox/email";
import { deliverPushesSoon } from "./push/delivery";

/** What a committed change has to tell: outbox rows to deliver, and messages for live pages. */
export interface Announcements {
  emailIds: string[];
  live: LocationMessages[];
  /** Notifications queued in the push outbox (their message ids). */
  pushIds?: string[];
}

export const NOTHING_TO_ANNOUNCE: Announcements = { emailIds: [], live: [] };

/** What several committed changes have to tell, in the order they were made. */
export function allAnnouncements(...news: Announcements[]): Announcements {
  return {
    emailIds: news.flatMap((n) => n.emailIds),
    live: news.flatMap((n) => n.live),
    pushIds: news.flatMap((n) => n.pushIds ?? []),
  };
}

/** Call once the change's batch has committed, as the route's last step before it answers. */
export function announceAfterCommit(c: Pick<Context<AppEnv>, "env" | "executionCtx">, news: Announcements): void {
  deliverSoon(c.executionCtx, c.env, news.emailIds);
  deliverPushesSoon(c.executionCtx, c.env, news.pushIds ?? []);
  // Every listener is checked against the sessions and the staff list as they are now (0008).
  const revoked = (locationId: string, listeners: Parameters<typeof revokedSessions>[2]) =>
    revokedSessions(getDb(c.env.DB), locationId, listeners);
  for (const messages of news.live) c.executionCtx.waitUntil(publishToLocation(c.env, messages, revoked));
}
