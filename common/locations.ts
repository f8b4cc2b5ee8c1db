/**
 * The shops shoppers pick from, as both sides know them. The shop a request is for comes from
 * the request: `?location=<id>` on the API, else the shop cookie, else the default shop
 * (worker/services/shop/request-shop.ts is the one place that picks it).
 */

/** Remembers the shopper's shop (its id) for a year; the server renders that shop's pages. */
export const SHOP_COOKIE = "squeeze_shop";

/** The query parameter that names a shop on the shopper's and the staff's API. */
export const LOCATION_PARAM = "location";

/** The shopper's choice of shop: `PUT` `{ locationId }` (common/forms/shop-choice.ts) sets SHOP_COOKIE. */
export const SHOP_CHOICE_PATH = "/api/shop-choice";

/** A shop that exists but does not take online orders (being set up, or closed for good): 409. */
export const LOCATION_NOT_ONLINE = "location_not_online";

/** `PUT /api/shop-choice`'s answer: the shop now chosen. */
export interface ShopChoiceResponse {
  locationId: string;
  name: string;
}

/** A well-formed ZIP code the ZIP-centroid table does not know: 404 naming `zip`. */
export const ZIP_UNKNOWN = "zip_unknown";

/** One stretch of today's opening hours, wall-clock "HH:MM" on the shop's clock. */
export interface ShopHoursStretch {
  opens: string;
  closes: string;
}

/** A shop as `GET /api/locations` lists it. Times are the shop's (its `timeZone`). */
export interface LocationSummary {
  id: string;
  slug: string;
  name: string;
  address: string;
  phone: string;
  latitude: number;
  longitude: number;
  /** An IANA time zone, e.g. America/Phoenix. */
  timeZone: string;
  /** Within opening hours now (paused or not). */
  openNow: boolean;
  /** Today's stretches on the shop's own calendar; empty when it is closed all day. */
  todayHours: ShopHoursStretch[];
  /**
   * The next opening (ISO instant) after now (after the current stretch while open); null when
   * none is planned within the hours' horizon (common/hours/status.ts, five weeks).
   */
  nextOpening: string | null;
  /**
   * While open, when the current stretch ends (ISO instant); null while closed, and for a shop that
   * does not close within the hours' horizon (open around the clock).
   */
  closesAt: string | null;
  /** Every shop taking online orders hands orders over at its counter. */
  offersPickup: boolean;
  /** It has a delivery area (ZIP codes in seed/locations.sql); Scottsdale has none. */
  offersDelivery: boolean;
  /** Miles from the point the list was sorted by (`?zip=` or `?near=`), when one was given. */
  distanceMiles?: number;
}

/** `GET /api/locations[?zip=92832 | ?near=<lat>,<lng>]`: the shops taking online orders, nearest first when a point was given. */
export interface LocationsResponse {
  locations: LocationSummary[];
}
