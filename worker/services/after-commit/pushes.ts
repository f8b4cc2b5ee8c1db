/**
 * Push delivery wired to the orders room: a push is sent only while its order is still as it
 * says (worker/services/push/delivery.ts asks through `orderStatusOf`), so the push room never
 * imports the orders room, which queues pushes in its batches.
 */
import type { Env } from "#worker/env";
import { currentOrderStatus } from "#worker/services/orders/status-now";
import { deliverDuePushesOf, deliverPushesSoonOf } from "#worker/services/push/delivery";

/** Delivers the given notifications (message ids) right after the response; what fails waits for the cron. */
export function deliverPushesSoon(ctx: Pick<ExecutionContext, "waitUntil">, env: Env, messageIds: string[]): void {
  deliverPushesSoonOf(ctx, env, messageIds, currentOrderStatus);
}

/** The cron retry: pushes that are due, and those whose sender died mid-send. */
export function deliverDuePushes(env: Env): Promise<void> {
  return deliverDuePushesOf(env, currentOrderStatus);
}
