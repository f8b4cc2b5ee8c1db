// Local VAPID keys for Web Push: `npm run dev` (scripts/prepare-local-db.mjs) and the built app's
// server (scripts/serve-built.mjs) add a pair to their .dev.vars when it has none, as `npm run dev`
// creates .dev.vars itself. Deployed shops set their own with `wrangler secret put` (README, "Notifications").
import { existsSync, readFileSync, appendFileSync } from "node:fs";
import { createVapidKeys } from "./web-push-receiver.mjs";

/**
 * Appends VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to `file` unless it sets them already.
 * @param {string} file a .dev.vars file
 * @returns {Promise<boolean>} whether keys were added
 */
export async function ensureVapidKeys(file) {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (/^\s*VAPID_PUBLIC_KEY\s*=/m.test(text) && /^\s*VAPID_PRIVATE_KEY\s*=/m.test(text)) return false;
  const keys = await createVapidKeys();
  appendFileSync(
    file,
    `${text === "" || text.endsWith("\n") ? "" : "\n"}\n# Web Push keys for this machine only (made by npm run dev; README, "Notifications").\n` +
      `VAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}\n`,
  );
  return true;
}
