// The local D1 as wrangler keeps it (the same engine and files as `wrangler d1 … --local`), opened
// in this process through wrangler's own Miniflare. See scripts/prepare-local-db.mjs.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const root = new URL("../..", import.meta.url).pathname;

/** The local id wrangler gives the DB binding: preview_database_id, else database_id (wrangler.toml). */
function localDatabaseId() {
  const toml = readFileSync(join(root, "wrangler.toml"), "utf8");
  const block = toml.split(/^\[\[d1_databases\]\]\s*$/m)[1]?.split(/^\[/m)[0] ?? "";
  const value = (key) => new RegExp(`^${key}\\s*=\\s*"([^"]+)"`, "m").exec(block)?.[1];
  return value("preview_database_id") ?? value("database_id") ?? "DB";
}

/** @returns {{ db: Promise<D1Database>, dispose(): Promise<void> }} */
export function openLocalD1(stateDir) {
  process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
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
  return { db: mf.getD1Database("DB"), dispose: () => mf.dispose() };
}

/**
 * Runs `statement` again while the local D1's file is locked by a server that shares it (`npm run
 * dev` writing at the same moment: SQLITE_BUSY), for up to ~5 s; any other error at once.
 */
export async function whileBusy(statement, { attempts = 25, waitMs = 200 } = {}) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await statement();
    } catch (error) {
      const busy = /SQLITE_BUSY|database is locked/.test(String(error?.message ?? error));
      if (!busy || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}
