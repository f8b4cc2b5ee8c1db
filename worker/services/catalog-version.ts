import { readShopDetails, type ShopDetails } from "#common/shop-details";

/**
 * The menu's version (migrations/0040: triggers bump it on every change to the catalog's
 * tables). Each isolate reads it at most once per CATALOG_VERSION_TTL_MS, from the nearest
 * read replica, so the catalog's edge cache costs one tiny D1 read per isolate every few
 * seconds, and a changed menu is picked up within that time plus the browser's max-age.
 * See docs/decisions/0007-fresh-availability-cached-catalog.md.
 */
export const CATALOG_VERSION_TTL_MS = 15_000;

interface CatalogState {
  version: number;
  /** The shops there are, with the details a page shows of each (common/shop-details.ts). */
  shops: ReadonlyMap<string, ShopDetails>;
  /** Changes with any shop's details: part of a kept page's key, so an edit reaches it within the TTL. */
  shopsDigest: string;
  readAt: number;
}

let known: CatalogState | undefined;

/**
 * The version and the shops there are with their details, in one read: a rendered page is kept
 * per shop and shows its details, and a cookie naming no shop must not make a new entry
 * (worker/services/landing/page-cache.ts).
 */
async function catalogState(db: D1Database): Promise<CatalogState> {
  const now = Date.now();
  if (known && now - known.readAt < CATALOG_VERSION_TTL_MS && now >= known.readAt) return known;
  const row = await db
    .withSession("first-unconstrained")
    .prepare(
      `SELECT version, (
         SELECT json_group_array(json_object(
           'id', l.id, 'name', l.name, 'address', l.address, 'phone', l.phone,
           'offersDelivery', json(CASE WHEN EXISTS (SELECT 1 FROM delivery_zip_codes d WHERE d.location_id = l.id)
                                  THEN 'true' ELSE 'false' END)))
         FROM (SELECT * FROM locations ORDER BY id) l
       ) AS shops FROM catalog_version WHERE id = 1`,
    )
    .first<{ version: number; shops: string }>();
  const shops = readShops(row?.shops);
  known = {
    version: row?.version ?? 0,
    shops: new Map(shops.map((shop) => [shop.id, shop])),
    shopsDigest: digest(row?.shops ?? ""),
    readAt: now,
  };
  return known;
}

function readShops(json: string | undefined): ShopDetails[] {
  try {
    const rows: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(rows) ? rows.map(readShopDetails).filter((shop): shop is ShopDetails => shop !== null) : [];
  } catch {
    return [];
  }
}

/** A short fingerprint (FNV-1a, 32 bits): enough to tell one set of details from the next. */
function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

export async function currentCatalogVersion(db: D1Database): Promise<number> {
  return (await catalogState(db)).version;
}

/** The shops' details, as of the same read as the version, and their fingerprint for a kept page's key. */
export async function currentShops(
  db: D1Database,
): Promise<{ shops: ReadonlyMap<string, ShopDetails>; digest: string }> {
  const state = await catalogState(db);
  return { shops: state.shops, digest: state.shopsDigest };
}
