import { app } from "./app";
import type { Env } from "./env";
import { deliverDueEmails } from "./services/outbox";

export { LocationChannel } from "./live/location-channel";

export default {
  fetch: app.fetch,
  /** The cron trigger: retries e-mails that were not delivered at once. */
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(deliverDueEmails(env));
  },
} satisfies ExportedHandler<Env>;
