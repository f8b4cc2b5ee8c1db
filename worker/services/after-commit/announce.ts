/**
 * The one place a change tells the world, once its batch has committed: the e-mails and pushes
 * it queued in the outboxes (docs/decisions/0003) are delivered and its live messages published,
 * all after the response is sent, so the caller never waits for them. It takes the worker's
 * bindings and its `waitUntil`, so a route, the cron and a queue consumer call it alike.
 */
import { getDb } from "#worker/db/client";
import type { Env } from "#worker/env";
import { publishToLocation } from "#worker/live/channel";
import type { Announcements } from "#worker/services/announcements";
import { revokedSessions } from "#worker/services/live-access";
import { deliverSoon } from "#worker/services/outbox/email";
import { deliverPushesSoon } from "./pushes";

/** Call once the change's batch has committed, as the caller's last step before it answers. */
export function announceAfterCommit(env: Env, ctx: Pick<ExecutionContext, "waitUntil">, news: Announcements): void {
  deliverSoon(ctx, env, news.emailIds);
  deliverPushesSoon(ctx, env, news.pushIds ?? []);
  // Every listener is checked against the sessions and the staff list as they are now (0008).
  const revoked = (locationId: string, listeners: Parameters<typeof revokedSessions>[2]) =>
    revokedSessions(getDb(env.DB), locationId, listeners);
  for (const messages of news.live) ctx.waitUntil(publishToLocation(env, messages, revoked));
}
