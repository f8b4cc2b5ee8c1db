/**
 * The menu's version (migrations/0040: triggers bump it on every change to the catalog's
 * tables). Each isolate reads it at most once per CATALOG_VERSION_TTL_MS, from the nearest
 * read replica, so the catalog's edge cache costs one tiny D1 read per isolate every few
 * seconds, and a changed menu is picked up within that time plus the browser's max-age.
 * See docs/decisions/0007-fresh-availability-cached-catalog.md.
 */
export const CATALOG_VERSION_TTL_MS = 15_000;

let known: { version: number; readAt: number } | undefined;

export async function currentCatalogVersion(db: D1Database): Promise<number> {
  const now = Date.now();
  if (known && now - known.readAt < CATALOG_VERSION_TTL_MS && now >= known.readAt) return known.version;
  const row = await db
    .withSession("first-unconstrained")
    .prepare("SELECT version FROM catalog_version WHERE id = 1")
    .first<{ version: number }>();
  known = { version: row?.version ?? 0, readAt: now };
  return known.version;
}
