import { app } from "./app";
import type { Env } from "./env";
import { deliverDueEmails } from "./services/outbox/email";
import { releaseExpiredHolds } from "./services/payments/expired-holds";
import { deliverDuePushes } from "./services/after-commit/pushes";
import { deleteOldPrintJobs } from "./services/printing/retention";
import { keepClosedDaysOf } from "./services/orders/reports";

export { LocationChannel } from "./live/location-channel";

export default {
  fetch: app.fetch,
  /**
   * The cron trigger: retries e-mails and pushes that were not delivered at once, and releases
   * orders that waited for their card payment longer than its checkout lasts, deletes printed
   * jobs after a week, and keeps the numbers of the shops' closed days before the owner asks.
   */
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(deliverDueEmails(env));
    ctx.waitUntil(deliverDuePushes(env));
    ctx.waitUntil(releaseExpiredHolds(env, ctx));
    ctx.waitUntil(deleteOldPrintJobs(env));
    ctx.waitUntil(keepClosedDaysOf(env));
  },
} satisfies ExportedHandler<Env>;
