/**
 * The one place a change tells the world, once its batch has committed: the e-mails it queued
 * in the outbox (docs/decisions/0003) are delivered and its live messages published, both after
 * the response is sent, so the caller never waits for them.
 */
import type { Context } from "hono";
import type { AppEnv } from "#worker/env";
import { publishToLocation, type LocationMessages } from "#worker/live/channel";
import { deliverSoon } from "./outbox";

/** What a committed change has to tell: outbox rows to deliver, and messages for live pages. */
export interface Announcements {
  emailIds: string[];
  live: LocationMessages[];
}

export const NOTHING_TO_ANNOUNCE: Announcements = { emailIds: [], live: [] };

/** Call once the change's batch has committed, as the route's last step before it answers. */
export function announceAfterCommit(c: Pick<Context<AppEnv>, "env" | "executionCtx">, news: Announcements): void {
  deliverSoon(c.executionCtx, c.env, news.emailIds);
  for (const messages of news.live) c.executionCtx.waitUntil(publishToLocation(c.env, messages));
}
