/** A point on the earth, WGS 84 degrees. */
export interface Point {
  latitude: number;
  longitude: number;
}

/** The earth's mean radius in miles (IUGG), the usual sphere for distances between towns. */
const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The great-circle distance between two points in miles (haversine): as the crow flies, which is
 * what "nearest first" needs between shops a few miles or a few states apart.
 */
export function milesBetween(from: Point, to: Point): number {
  const dLatitude = radians(to.latitude - from.latitude);
  const dLongitude = radians(to.longitude - from.longitude);
  const a =
    Math.sin(dLatitude / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLongitude / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}
