import { closedMessage, formatWallTime } from "#common/hours/format";
import { deviceTimeZone, formatOnShopClock } from "#common/hours/shop-clock";
import type { LocationSummary } from "#common/locations";

type ShopClockFacts = Pick<LocationSummary, "name" | "timeZone" | "openNow" | "todayHours" | "nextOpening">;

/** Today's hours on the shop's own clock: "Today 7:00 AM – 7:00 PM", or "Closed today". */
export function todayHoursText(shop: Pick<LocationSummary, "todayHours">): string {
  if (shop.todayHours.length === 0) return "Closed today";
  const stretches = shop.todayHours.map((stretch) =>
    stretch.opens === stretch.closes
      ? "Open 24 hours"
      : `${formatWallTime(stretch.opens)} – ${formatWallTime(stretch.closes)}`,
  );
  return `Today ${stretches.join(", ")}`;
}

/** "Open now", or when it opens next on its own clock, saying whose when the device's reads otherwise. */
export function openNowText(shop: ShopClockFacts, now: Date = new Date(), device: string = deviceTimeZone()): string {
  if (shop.openNow) return "Open now";
  const opensAt = shop.nextOpening ? new Date(shop.nextOpening) : null;
  return closedMessage(opensAt, now, shop.timeZone, (instant, timeZone) =>
    formatOnShopClock(instant, timeZone, { deviceTimeZone: device, shopName: shop.name }),
  );
}

/** A plain link to a maps search of the address: nothing is loaded from the maps site until it is followed. */
export function mapLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** "2.4 mi away". */
export const distanceText = (miles: number) => `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi away`;
