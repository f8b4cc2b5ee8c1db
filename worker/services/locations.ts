/**
 * The location an order is placed at. Squeeze has one shop today (seed/locations.sql); when a
 * second opens, the checkout will say which one, and this default goes.
 */
export const DEFAULT_LOCATION_ID = "loc-anaheim";
