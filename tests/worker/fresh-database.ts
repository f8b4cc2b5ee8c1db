import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import { currentCatalogVersion, CATALOG_VERSION_TTL_MS } from "#worker/services/catalog-version";
import { seedStatements } from "./seed-sql";

/**
 * Test files share one workerd and its D1 (vitest.config.ts: one workerd starts in seconds,
 * one per file took most of the run), so every file starts by putting the database back to
 * what the migrations and the seed make of an empty one: no file sees another's rows, in
 * whatever order the files run.
 *
 * The first file in a workerd builds that database from nothing and keeps a copy of its rows;
 * every later file empties each table and writes the copy back, which takes a fraction of
 * migrating again.
 */
type Row = Record<string, unknown>;
let freshRows: Map<string, Row[]> | undefined;

/**
 * The menu's version only ever grows (migrations/0040), so a reset never meets an old cache entry.
 * The ZIP codes' centroids (42,000 rows, seeded only by seedZipCentroids) are only read: once a
 * file has loaded them they stay for the later files of that workerd.
 */
const KEPT_TABLES = new Set(["d1_migrations", "catalog_version", "zip_centroids"]);

/**
 * Files place many orders from new accounts at one shop: the shops here take them all, and the
 * shop's limit for new accounts is its own tests' subject (new-account-limits.test.ts sets it).
 * Whatever puts the shop's settings back to the seed's (store-helpers.ts resetShop) raises it again.
 */
export function raiseNewAccountLimit(): D1PreparedStatement {
  return env.DB.prepare("UPDATE location_pickup_settings SET max_new_account_unpaid_drinks = 100000");
}

async function tableNames(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
  ).all<{ name: string }>();
  return results.map((row) => row.name);
}

async function buildFromNothing(): Promise<Map<string, Row[]>> {
  // A workerd that outlived a run of vitest's module cache may hold an old database: start over.
  const leftovers = await tableNames();
  if (leftovers.length > 0) {
    await env.DB.batch([
      env.DB.prepare("PRAGMA defer_foreign_keys = on"),
      ...leftovers.map((name) => env.DB.prepare(`DROP TABLE "${name}"`)),
    ]);
  }
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  await env.DB.batch(seedStatements(env.TEST_SEED_SQL).map((statement) => env.DB.prepare(statement)));
  await raiseNewAccountLimit().run();

  const rows = new Map<string, Row[]>();
  for (const name of await tableNames()) {
    if (KEPT_TABLES.has(name)) continue;
    rows.set(name, (await env.DB.prepare(`SELECT * FROM "${name}"`).all<Row>()).results);
  }
  return rows;
}

/** D1 binds at most 100 values to a statement, as it does at the edge. */
const MAX_BOUND_VALUES = 100;

/**
 * The copy of a table's rows as a few multi-row INSERTs: a reset writes some 260 seed rows, and
 * one statement a row was most of its cost.
 */
function insertRows(table: string, rows: Row[]): D1PreparedStatement[] {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  const rowsPerStatement = Math.max(1, Math.floor(MAX_BOUND_VALUES / columns.length));
  const placeholders = `(${columns.map(() => "?").join(", ")})`;
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const chunk = rows.slice(start, start + rowsPerStatement);
    statements.push(
      env.DB.prepare(
        `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(", ")}) VALUES ${chunk.map(() => placeholders).join(", ")}`,
      ).bind(...chunk.flatMap((row) => columns.map((column) => row[column]))),
    );
  }
  return statements;
}

/** Puts D1 back to migrations + seed, and has the worker re-read the menu's version as a new isolate would. */
export async function resetDatabase(): Promise<void> {
  vi.useRealTimers();
  if (!freshRows) {
    freshRows = await buildFromNothing();
  } else {
    const tables = [...freshRows.keys()];
    await env.DB.batch([
      env.DB.prepare("PRAGMA defer_foreign_keys = on"),
      ...tables.map((table) => env.DB.prepare(`DELETE FROM "${table}"`)),
      env.DB.prepare("DELETE FROM sqlite_sequence"),
      ...tables.flatMap((table) => insertRows(table, freshRows!.get(table)!)),
    ]);
  }
  // The worker keeps the menu's version for CATALOG_VERSION_TTL_MS; the last file may have left it
  // holding a version the reset has since moved past.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + CATALOG_VERSION_TTL_MS + 1);
  await currentCatalogVersion(env.DB);
  vi.useRealTimers();
}

/**
 * The ZIP codes' positions (seed/zip-centroids.sql), for a file that sorts the shops from a typed
 * ZIP code: loading 42,000 rows costs more than most files, so the others' database goes without.
 */
export async function seedZipCentroids(): Promise<void> {
  const loaded = await env.DB.prepare("SELECT 1 FROM zip_centroids LIMIT 1").first();
  if (loaded) return;
  await env.DB.batch(seedStatements(env.TEST_ZIP_CENTROIDS_SQL).map((statement) => env.DB.prepare(statement)));
}
