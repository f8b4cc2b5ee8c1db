import { shopPlace } from "#common/shop-details";
import { formatDateTimeIn, formatTimeIn } from "./format";

/**
 * Every time a shopper reads about an order is on the shop's clock: the order is made and picked
 * up there. A device whose clock reads otherwise at that moment (a shopper travelling, ordering
 * ahead from another time zone) is told whose clock it is: "9:00 AM Pacific Time". A device that
 * reads the same says nothing more: "9:00 AM".
 */

/** How a time is written: "9:00 AM", "Fri, Nov 27, 9:00 AM", or with the year, "Nov 27, 2026, 9:00 AM". */
export type ClockStyle = "time" | "dayAndTime" | "dateAndTime";

const zoneNames = new Map<string, Intl.DateTimeFormat>();
const datesWithYear = new Map<string, Intl.DateTimeFormat>();
const days = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions) {
  let found = cache.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", { timeZone, ...options });
    cache.set(timeZone, found);
  }
  return found;
}

/** The name of a time zone's clock as people say it, "Pacific Time" (the same all year round). */
export function clockName(timeZone: string, at: Date): string {
  const parts = cached(zoneNames, timeZone, { timeZoneName: "longGeneric" }).formatToParts(at);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

function wallClock(instant: Date, timeZone: string, style: ClockStyle): string {
  if (style === "time") return formatTimeIn(instant, timeZone);
  if (style === "dayAndTime") return formatDateTimeIn(instant, timeZone);
  return cached(datesWithYear, timeZone, { dateStyle: "medium", timeStyle: "short" })
    .format(instant)
    .replace(/\s/g, " ");
}

/**
 * An instant on the shop's clock, in the given style, followed by whose clock it is when a device
 * on `deviceTimeZone` would read another day or time at that instant: the shop's town when its
 * name is given ("7:15 AM Scottsdale time"), else the clock's name ("7:15 AM Mountain Standard
 * Time"). Without a device (an e-mail, the worker), the shop's clock is taken as read. Every time
 * a shopper's page shows (banner, shops list, checkout, order page, My orders) is written here.
 */
export function formatOnShopClock(
  instant: Date,
  shopTimeZone: string,
  {
    style = "time",
    deviceTimeZone,
    shopName,
  }: { style?: ClockStyle; deviceTimeZone?: string; shopName?: string | null } = {},
): string {
  const shop = wallClock(instant, shopTimeZone, style);
  if (!clockDiffers(instant, shopTimeZone, deviceTimeZone)) return shop;
  return `${shop} ${whoseClock(shopTimeZone, instant, shopName)}`;
}

/** Whose clock a time is on: the shop's town when its name is known ("Scottsdale time"), else the clock's name ("Pacific Time"). */
export function whoseClock(shopTimeZone: string, at: Date, shopName?: string | null): string {
  return shopName ? `${shopPlace(shopName)} time` : clockName(shopTimeZone, at);
}

/** Whether a device on `deviceTimeZone` reads another day or time than the shop at this instant. */
export function clockDiffers(instant: Date, shopTimeZone: string, deviceTimeZone: string | undefined): boolean {
  if (!deviceTimeZone || deviceTimeZone === shopTimeZone) return false;
  // Compared in full (day and time) so that a time that only lands on another day is named too.
  return formatDateTimeIn(instant, deviceTimeZone) !== formatDateTimeIn(instant, shopTimeZone);
}

/** An instant's day on the shop's calendar, "Sat, Nov 28". */
export function formatShopDay(instant: Date, shopTimeZone: string): string {
  return cached(days, shopTimeZone, { weekday: "short", month: "short", day: "numeric" }).format(instant);
}

/** The time zone the device's clock is set to (a browser's; a worker's is UTC). */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
