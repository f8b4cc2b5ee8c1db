import type { ShopStatus } from "#common/availability";
import { closedMessage, pausedMessage } from "#common/hours/format";
import { ORDER_AHEAD_DAYS } from "#common/hours/pickup-slots";
import { useShopStatus } from "./shop-status-store";
import { useShopPolling } from "./use-shop-polling";

/** What the banner says, or null while the shop takes orders. */
export function shopBannerText(status: ShopStatus | null, now: Date = new Date()): string | null {
  if (!status || status.reason === null) return null;
  if (status.reason === "paused")
    return pausedMessage(status.pausedUntil ? new Date(status.pausedUntil) : null, status.timeZone);
  return closedMessage(status.opensAt ? new Date(status.opensAt) : null, now, status.timeZone);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a shopper can do meanwhile: while closed, the checkout takes orders for a time on the
 * days ahead (docs/decisions/0017-order-ahead.md) when the shop opens within them; a pause holds
 * every order.
 */
export function shopBannerHint(status: ShopStatus | null, now: Date = new Date()): string {
  const opensAt = status?.reason === "closed" && status.opensAt ? Date.parse(status.opensAt) : null;
  const opensWithinOrderAhead = opensAt !== null && opensAt - now.getTime() < (ORDER_AHEAD_DAYS - 1) * DAY_MS;
  return opensWithinOrderAhead ? "You can order now for a pickup time ahead." : "You can still browse the menu.";
}

/**
 * The calm line under the header when the shop is closed or has paused online orders. Browsing
 * goes on, and while closed so does ordering for a time ahead. It also keeps the shop's state fresh for every page.
 */
export function ShopBanner() {
  useShopPolling();
  const status = useShopStatus((state) => state.status);
  const text = shopBannerText(status);
  return (
    <div className="shop-banner" role="status" aria-live="polite" hidden={!text}>
      {text && <p className="container shop-banner__text">{`${text}. ${shopBannerHint(status)}`}</p>}
    </div>
  );
}

export default ShopBanner;
