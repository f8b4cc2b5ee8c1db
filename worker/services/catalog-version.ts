/**
 * The menu's version (migrations/0040: triggers bump it on every change to the catalog's
 * tables). Each isolate reads it at most once per CATALOG_VERSION_TTL_MS, from the nearest
 * read replica, so the catalog's edge cache costs one tiny D1 read per isolate every few
 * seconds, and a changed menu is picked up within that time plus the browser's max-age.
 * See docs/decisions/0007-fresh-availability-cached-catalog.md.
 */
export const CATALOG_VERSION_TTL_MS = 15_000;

let known: { version: number; shopIds: ReadonlySet<string>; readAt: number } | undefined;

/**
 * The version and the shops there are, in one read: a rendered page is kept per shop, and a
 * cookie naming no shop must not make a new entry (worker/services/landing/page-cache.ts).
 */
async function catalogState(db: D1Database): Promise<NonNullable<typeof known>> {
  const now = Date.now();
  if (known && now - known.readAt < CATALOG_VERSION_TTL_MS && now >= known.readAt) return known;
  const row = await db
    .withSession("first-unconstrained")
    .prepare("SELECT version, (SELECT json_group_array(id) FROM locations) AS shops FROM catalog_version WHERE id = 1")
    .first<{ version: number; shops: string }>();
  known = { version: row?.version ?? 0, shopIds: new Set(readIds(row?.shops)), readAt: now };
  return known;
}

function readIds(json: string | undefined): string[] {
  try {
    const ids: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

export async function currentCatalogVersion(db: D1Database): Promise<number> {
  return (await catalogState(db)).version;
}

/** The ids of the shops there are, as of the same read as the version (at most CATALOG_VERSION_TTL_MS old). */
export async function currentShopIds(db: D1Database): Promise<ReadonlySet<string>> {
  return (await catalogState(db)).shopIds;
}
