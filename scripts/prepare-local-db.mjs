#!/usr/bin/env node
// Brings the local D1 up to date before `npm run dev`: applies pending migrations and
// (re-)applies the seed (seed/*.sql, then the development-only seed/dev/*.sql) when it changed. A second start with nothing new skips
// wrangler entirely, and local orders, users and messages are always kept.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const stateDir = process.env.SQUEEZE_STATE_DIR ?? join(root, ".wrangler", "state");
const markerPath = join(stateDir, "squeeze-local-db.json");
const d1Dir = join(stateDir, "v3", "d1");

const migrations = readdirSync(join(root, "migrations"))
  .filter((name) => name.endsWith(".sql"))
  .sort();
// Production rows first, then the rows only a developer's machine gets (e.g. the barista).
const sqlFilesIn = (dir) =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir))
        .filter((name) => name.endsWith(".sql"))
        .sort()
        .map((name) => join(dir, name))
    : [];
const seedFiles = [...sqlFilesIn("seed"), ...sqlFilesIn(join("seed", "dev"))];
const seedHash = createHash("sha256");
for (const file of seedFiles) seedHash.update(file).update(readFileSync(join(root, file)));
const wanted = { migrations, seed: seedHash.digest("hex") };

// The local sign-in stand-in and other dev-only behaviour are switched on by .dev.vars.
const devVars = join(root, ".dev.vars");
if (!existsSync(devVars) && existsSync(join(root, ".dev.vars.example"))) {
  copyFileSync(join(root, ".dev.vars.example"), devVars);
  console.log("Created .dev.vars from .dev.vars.example (local development settings).");
}

let current;
try {
  current = JSON.parse(readFileSync(markerPath, "utf8"));
} catch {
  current = null;
}
const databaseExists = existsSync(d1Dir);
const migrationsCurrent = databaseExists && JSON.stringify(current?.migrations) === JSON.stringify(wanted.migrations);
const seedCurrent = databaseExists && current?.seed === wanted.seed;

if (migrationsCurrent && seedCurrent) {
  console.log("Local database is up to date.");
  process.exit(0);
}

function wrangler(args) {
  const persist = process.env.SQUEEZE_STATE_DIR ? ["--persist-to", process.env.SQUEEZE_STATE_DIR] : [];
  const result = spawnSync("wrangler", [...args, ...persist], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
  });
  if (result.status !== 0) {
    console.error(`wrangler ${args.join(" ")} failed.`);
    process.exit(result.status ?? 1);
  }
}

if (!migrationsCurrent) wrangler(["d1", "migrations", "apply", "DB", "--local"]);
if (!seedCurrent || !migrationsCurrent) {
  for (const file of seedFiles) wrangler(["d1", "execute", "DB", "--local", "--file", file]);
}
mkdirSync(stateDir, { recursive: true });
writeFileSync(markerPath, JSON.stringify(wanted, null, 2));
console.log("Local database migrated and seeded.");
