#!/usr/bin/env node
// Brings the local D1 up to date before `npm run dev`: applies pending migrations and
// (re-)applies the seed (seed/*.sql, then the development-only seed/dev/*.sql) when it changed.
// A second start with nothing new does no database work, and local orders, users and messages
// are always kept.
//
// Everything happens in this one process, through the same local D1 engine wrangler uses
// (its own Miniflare): each pending migration runs in one batch with its row in
// `d1_migrations`, exactly as `wrangler d1 migrations apply DB --local` records it, so the
// two can be used on the same database in any order. See docs/decisions/0013.
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { deleteStatements, seedFiles as seedFilesFor, SHOP_EXCEPTIONS_FILE } from "./lib/seed-files.mjs";
import { splitSql } from "./lib/split-sql.mjs";
import { ensureVapidKeys } from "./lib/vapid-dev-keys.mjs";

const root = new URL("..", import.meta.url).pathname;
const stateDir = process.env.SQUEEZE_STATE_DIR ?? join(root, ".wrangler", "state");
const markerPath = join(stateDir, "squeeze-local-db.json");
const d1Dir = join(stateDir, "v3", "d1");
const started = Date.now();

const sqlFilesIn = (dir) =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir))
        .filter((name) => name.endsWith(".sql"))
        .sort()
        .map((name) => join(dir, name))
    : [];
const migrations = sqlFilesIn("migrations").map((file) => file.slice("migrations/".length));

let current;
try {
  current = JSON.parse(readFileSync(markerPath, "utf8"));
} catch {
  current = null;
}

// Which opening hours the local shop keeps: the development seed's (open around the clock, so
// ordering works whenever a developer or CI runs) unless `npm run db:shop-hours` chose the
// owner's seed/opening-hours.sql; `npm run db:dev-hours` goes back.
const HOURS = {
  dev: "open around the clock (seed/dev/opening-hours.sql); `npm run db:shop-hours` applies seed/opening-hours.sql instead",
  shop: "the shop's own (seed/opening-hours.sql); `npm run db:dev-hours` opens around the clock again",
};
const hoursFlag = process.argv.find((argument) => argument.startsWith("--hours="))?.slice("--hours=".length);
if (hoursFlag !== undefined && !(hoursFlag in HOURS)) {
  console.error(`--hours must be one of: ${Object.keys(HOURS).join(", ")}`);
  process.exit(1);
}
const hours = hoursFlag ?? (current?.hours in HOURS ? current.hours : "dev");
// Back to the all-day hours from the shop's own: the shop's one-off days go (a holiday would
// close the local shop), but only the dates its file writes; an exception written by hand stays.
const leavingShopHours = hours === "dev" && current?.hours === "shop";

// Production rows first, then the rows only a developer's machine gets (e.g. the barista).
// Re-applying them never deletes an exception: the weekly hours' files do not touch them.
// `--without-zip-centroids`: a served build whose journeys never type a ZIP code (scripts/serve-built.mjs)
// skips most of the seeding time; `npm run dev` always has them.
const zipCentroids = !process.argv.includes("--without-zip-centroids");
// `--take-every-new-account`: a served build's database (scripts/serve-built.mjs), where the journeys and
// the bench place hundreds of orders from new accounts, raises the shops' limit for them; in this
// process, not in a second wrangler's.
const takeEveryNewAccount = process.argv.includes("--take-every-new-account");
const seedFiles = seedFilesFor(root, hours, { zipCentroids });
const seedHash = createHash("sha256");
for (const file of seedFiles) seedHash.update(file).update(readFileSync(join(root, file)));
const wanted = { migrations, seed: seedHash.digest("hex"), hours };

// The local sign-in stand-in and other dev-only behaviour are switched on by .dev.vars.
const devVars = join(root, ".dev.vars");
if (!existsSync(devVars) && existsSync(join(root, ".dev.vars.example"))) {
  copyFileSync(join(root, ".dev.vars.example"), devVars);
  console.log("Created .dev.vars from .dev.vars.example (local development settings).");
}
if (existsSync(devVars) && (await ensureVapidKeys(devVars)))
  console.log("Added local Web Push (VAPID) keys to .dev.vars.");

const databaseExists = existsSync(d1Dir);
const migrationsCurrent = databaseExists && JSON.stringify(current?.migrations) === JSON.stringify(wanted.migrations);
const seedCurrent = databaseExists && current?.seed === wanted.seed;

const hoursLine = `Opening hours: ${HOURS[hours]}.`;
if (migrationsCurrent && seedCurrent && !takeEveryNewAccount) {
  console.log(`Local database is up to date. ${hoursLine}`);
  process.exit(0);
}

/** The local id wrangler gives the DB binding: preview_database_id, else database_id (wrangler.toml). */
function localDatabaseId() {
  const toml = readFileSync(join(root, "wrangler.toml"), "utf8");
  const block = toml.split(/^\[\[d1_databases\]\]\s*$/m)[1]?.split(/^\[/m)[0] ?? "";
  const value = (key) => new RegExp(`^${key}\\s*=\\s*"([^"]+)"`, "m").exec(block)?.[1];
  if (value("binding") !== "DB") throw new Error("wrangler.toml: the first [[d1_databases]] must be the DB binding");
  return value("preview_database_id") ?? value("database_id") ?? "DB";
}

// No real `request.cf` for a database job (vite.config.ts says why).
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
// Wrangler's own copy of Miniflare, so the database files are the ones its commands read.
const requireFromWrangler = createRequire(createRequire(import.meta.url).resolve("wrangler"));
const { Miniflare, convertV4MiniflareOptions } = requireFromWrangler("miniflare");
const mf = new Miniflare(
  convertV4MiniflareOptions({
    modules: true,
    script: "",
    resourcePersistencePath: join(stateDir, "v3"),
    d1Databases: { DB: localDatabaseId() },
  }),
);

try {
  const db = await mf.getD1Database("DB");
  const statements = (file) => splitSql(readFileSync(join(root, file), "utf8")).map((sql) => db.prepare(sql));

  // wrangler's bookkeeping table, as `wrangler d1 migrations apply` creates and fills it.
  await db
    .prepare(
      `CREATE TABLE IF NOT EXISTS d1_migrations(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`,
    )
    .run();
  const applied = new Set((await db.prepare("SELECT name FROM d1_migrations").all()).results.map((row) => row.name));
  const pending = migrations.filter((name) => !applied.has(name));
  for (const name of pending) {
    try {
      await db.batch([
        ...statements(join("migrations", name)),
        db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name),
      ]);
    } catch (error) {
      throw new Error(`Migration ${name} failed: ${error?.cause?.message ?? error.message}`, { cause: error });
    }
  }

  if (leavingShopHours && existsSync(join(root, SHOP_EXCEPTIONS_FILE))) {
    const forget = deleteStatements(splitSql(readFileSync(join(root, SHOP_EXCEPTIONS_FILE), "utf8")));
    if (forget.length > 0) await db.batch(forget.map((sql) => db.prepare(sql)));
  }
  if (pending.length > 0 || !seedCurrent) {
    for (const file of seedFiles) {
      try {
        await db.batch(statements(file));
      } catch (error) {
        throw new Error(`Seed ${file} failed: ${error?.cause?.message ?? error.message}`, { cause: error });
      }
    }
  }
  if (takeEveryNewAccount)
    await db.prepare("UPDATE location_pickup_settings SET max_new_account_unpaid_drinks = 100000").run();
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(markerPath, JSON.stringify(wanted, null, 2));
  console.log(
    `Local database ready: ${pending.length} migration(s) applied, ${seedFiles.length} seed files loaded ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s). ${hoursLine}`,
  );
} catch (error) {
  console.error(`Could not prepare the local database: ${error.message}`);
  process.exitCode = 1;
} finally {
  await mf.dispose();
}
