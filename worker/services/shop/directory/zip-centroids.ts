import { eq } from "drizzle-orm";
import { ZIP_UNKNOWN } from "#common/locations";
import type { Database } from "#worker/db/client";
import { zipCentroids } from "#worker/db/schema";
import { ApiError } from "#worker/lib/errors";
import type { Point } from "./distance";

/**
 * Where a ZIP code lies, from the table seed/zip-centroids.sql fills: never a geocoding service,
 * so a shopper's ZIP code leaves nobody's hands but ours. A well-formed ZIP code the table does
 * not know is a 404 naming `zip` (docs/decisions/0026-finding-and-remembering-a-shop.md).
 */
export async function zipCentroid(db: Database, zip: string): Promise<Point> {
  const [found] = await db
    .select({ latitude: zipCentroids.latitude, longitude: zipCentroids.longitude })
    .from(zipCentroids)
    .where(eq(zipCentroids.zip, zip));
  if (!found) throw new ApiError(404, ZIP_UNKNOWN, `We do not know where the ZIP code ${zip} is`, "zip");
  return found;
}
