import { useEffect, useRef } from "react";
import { orderNumber, type Order } from "#common/orders";
import { pageTitle } from "#web/lib/use-page-meta";

const VIBRATION_MS = [200, 100, 200];

/** The tab's title while one of the page's orders is ready: seen from another tab. */
export function readyTitle(order: Pick<Order, "id" | "fulfilment">): string {
  return pageTitle(`${order.fulfilment === "delivery" ? "On its way" : "Ready"}: order ${orderNumber(order.id)}`);
}

/**
 * Ready is an event: while an order on this page is ready the tab's title says so, and when one
 * becomes ready while the page is open the phone vibrates where the browser allows it. The
 * page's own title comes back once no order is ready.
 */
export function useReadyAlert(orders: readonly Pick<Order, "id" | "status" | "fulfilment">[]) {
  const seen = useRef<Map<string, Order["status"]> | null>(null);
  const ready = orders.find((order) => order.status === "ready");
  const title = ready ? readyTitle(ready) : null;

  useEffect(() => {
    const previous = seen.current;
    if (!previous && orders.length === 0) return;
    seen.current = new Map(orders.map((order) => [order.id, order.status]));
    // The first answer is how things stood on arrival, not a change to announce.
    if (!previous) return;
    const becameReady = orders.some((order) => order.status === "ready" && previous.get(order.id) !== "ready");
    if (becameReady) navigator.vibrate?.(VIBRATION_MS);
  }, [orders]);

  useEffect(() => {
    if (!title) return;
    const pageOwnTitle = document.title;
    document.title = title;
    return () => {
      document.title = pageOwnTitle;
    };
  }, [title]);
}
