/**
 * What an export will ask of D1, worked out before its first byte. A Worker invocation may make
 * 1,000 queries; a stream that ran out of them half-way would hand the owner a cut file under a
 * 200. So the export counts its pages first (one small read per shop and kind of row) and is
 * refused in words when it would need more than EXPORT_QUERY_LIMIT: one shop at a time, or fewer
 * days (docs/decisions/0055-the-numbers-of-closed-days.md, "At 1,000 shops").
 */
import type { NumbersShop } from "#common/numbers";
import type { Database } from "#worker/db/client";
import { EXPORT_PAGE_SIZE, EXPORT_SOURCES, type ExportKind } from "./exports";
import { inRangeSql, shopRange } from "./shop-range";

/** D1's 1,000 queries a call, less room for the session and the staff guard's reads. */
export const EXPORT_QUERY_LIMIT = 900;

/** The reads of one kind of row at one shop: pages of orders, and for lines.csv a batch of three per page. */
function readsOf(kind: ExportKind, orders: number): number {
  const pages = Math.floor(orders / EXPORT_PAGE_SIZE) + 1;
  const fullPages = Math.ceil(orders / EXPORT_PAGE_SIZE);
  return kind === "orders" ? pages : pages + 3 * fullPages;
}

/** How many queries the export will make, its count included; null when even counting would be too many. */
export async function plannedQueries(
  db: Database,
  kind: ExportKind,
  shops: NumbersShop[],
  from: string,
  to: string,
): Promise<number | null> {
  const counts = shops.flatMap((shop) => {
    const range = shopRange(from, to, shop.timeZone);
    return EXPORT_SOURCES.map((source) =>
      db.$client
        .prepare(
          `SELECT count(*) AS orders FROM orders o INDEXED BY ${source.index}
          WHERE o.location_id = ? AND ${inRangeSql(range, `o.${source.at}`)} AND ${source.where}`,
        )
        .bind(shop.id),
    );
  });
  if (counts.length * 2 > EXPORT_QUERY_LIMIT) return null;
  const results = await db.$client.batch<{ orders: number }>(counts);
  return results.reduce((sum, result) => sum + readsOf(kind, result.results[0]?.orders ?? 0), counts.length);
}
