/// <reference lib="webworker" />
/** The order's notifications: what is shown for a push, and where a tap on one goes. */
import type { PushPayload } from "#common/push";

/** Only the shop's own order pages may be opened from a notification. */
function orderPageUrl(origin: string, path: unknown): string {
  const url = new URL(typeof path === "string" ? path : "/orders", origin);
  return url.origin === origin && url.pathname.startsWith("/orders") ? url.href : new URL("/orders", origin).href;
}

export function showOrderNotification(
  registration: ServiceWorkerRegistration,
  payload: PushPayload | null,
): Promise<void> {
  if (!payload)
    return registration.showNotification("Squeeze", {
      body: "There is news about your order.",
      icon: "/icons/icon-192.png",
      data: { url: "/orders" },
    });
  return registration.showNotification(payload.title, {
    body: payload.body,
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    // One notification per order: "ready" replaces an earlier one of the same order.
    tag: `order-${payload.orderId}`,
    data: { url: payload.url, orderId: payload.orderId, kind: payload.kind },
  });
}

/** Focuses a window already on the order's page, or one of the shop's windows sent there, or opens one. */
export async function handleNotificationClick(
  worker: ServiceWorkerGlobalScope,
  notification: Notification,
): Promise<void> {
  const data = notification.data as { url?: unknown } | null;
  const target = orderPageUrl(worker.location.origin, data?.url);
  const windows = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
  // A browser may refuse the focus (it allows it only for the tap itself): the page is there all the same.
  const focus = (client: WindowClient) => client.focus().catch(() => client);
  const exact = windows.find((client) => client.url === target);
  if (exact) {
    await focus(exact);
    return;
  }
  const any = windows[0];
  if (any) {
    const moved = await any.navigate(target).catch(() => null);
    if (moved) {
      await focus(moved);
      return;
    }
  }
  await worker.clients.openWindow(target);
}
