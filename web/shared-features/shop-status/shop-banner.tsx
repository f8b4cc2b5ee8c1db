import type { ShopStatus } from "#common/availability";
import { closedMessage, pausedMessage, type TimeWriter } from "#common/hours/format";
import { deviceTimeZone, formatOnShopClock } from "#common/hours/shop-clock";
import { ORDER_AHEAD_DAYS } from "#common/hours/pickup-slots";
import { findShop, hasSeveralShops, useLocations } from "#web/shared-features/shop-picker/locations-store";
import { useShopId } from "#web/lib/shop-store";
import { useShopStatus } from "./shop-status-store";
import { useShopPolling } from "./use-shop-polling";

/**
 * What the banner says, or null while the shop takes orders. With several shops it names the
 * chosen one, and a time the device's clock reads otherwise says whose it is ("7:00 AM Scottsdale time").
 */
export function shopBannerText(
  status: ShopStatus | null,
  now: Date = new Date(),
  { shopName, device }: { shopName?: string | null; device?: string } = {},
): string | null {
  if (!status || status.reason === null) return null;
  const writeTime: TimeWriter = (instant, timeZone) =>
    formatOnShopClock(instant, timeZone, { deviceTimeZone: device, shopName });
  const message =
    status.reason === "paused"
      ? pausedMessage(status.pausedUntil ? new Date(status.pausedUntil) : null, status.timeZone, writeTime)
      : closedMessage(status.opensAt ? new Date(status.opensAt) : null, now, status.timeZone, writeTime);
  return shopName ? `${shopName}: ${message}` : message;
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
  const locations = useLocations((state) => state.locations);
  const shopId = useShopId();
  const shopName = hasSeveralShops(locations) ? findShop(locations, shopId)?.name : null;
  // The device's clock is asked only when there is a time to write: the first question a page asks
  // of the browser's date formatting loads its locale data, tens of milliseconds on a phone.
  const device = status?.reason ? deviceTimeZone() : undefined;
  const text = shopBannerText(status, new Date(), { shopName, device });
  return (
    <div className="shop-banner" role="status" aria-live="polite" hidden={!text}>
      {text && <p className="container shop-banner__text">{`${text}. ${shopBannerHint(status)}`}</p>}
    </div>
  );
}

export default ShopBanner;
