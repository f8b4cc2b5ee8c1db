import { app } from "./app";
import type { Env } from "./env";
import { deliverDueEmails } from "./services/outbox";
import { deliverDuePushes } from "./services/push/delivery";

export { LocationChannel } from "./live/location-channel";

export default {
  fetch: app.fetch,
  /** The cron trigger: retries e-mails and pushes that were not delivered at once. */
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(deliverDueEmails(env));
    ctx.waitUntil(deliverDuePushes(env));
  },
} satisfies ExportedHandler<Env>;
