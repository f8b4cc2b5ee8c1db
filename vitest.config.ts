import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { seedFiles, ZIP_CENTROIDS_FILE } from "./scripts/lib/seed-files.mjs";

/**
 * The seed as `npm run dev` applies it with its all-day hours (scripts/lib/seed-files.mjs), but for
 * the ZIP codes' positions: only the files that sort shops by ZIP code load those
 * (tests/worker/fresh-database.ts seedZipCentroids).
 */
async function readSeed(): Promise<string> {
  const texts = await Promise.all(seedFiles(".", "dev", { zipCentroids: false }).map((file) => readFile(file, "utf8")));
  return texts.join("\n");
}

/** drizzle-kit's newest snapshot: the schema as worker/db/schema.ts declares it. */
async function readLatestSnapshot(): Promise<string> {
  const dir = join("migrations", "meta");
  const newest = (await readdir(dir))
    .filter((name) => name.endsWith("_snapshot.json"))
    .sort()
    .at(-1);
  if (!newest) throw new Error(`No drizzle-kit snapshot in ${dir}`);
  return readFile(join(dir, newest), "utf8");
}

/** What the worker's code and its tests import from node_modules, bundled for the worker tests. */
const WORKER_BUNDLED_DEPENDENCIES = [
  "stripe",
  "zod",
  "arctic",
  "react-router",
  "drizzle-orm",
  "drizzle-orm/batch",
  "drizzle-orm/d1",
  "drizzle-orm/sqlite-core",
  "hono",
  "hono/body-limit",
  "hono/cache",
  "hono/client",
  "hono/cookie",
  "hono/etag",
  "hono/http-exception",
  "hono/secure-headers",
  "hono/validator",
  "@hono/zod-validator",
  "@tanstack/react-query",
];

/**
 * Miniflare keeps each workerd's D1, Durable Objects and cache in SQLite files under the system's
 * temporary directory, and removes them when the run ends. On a disk every commit waits for an
 * fsync, and workerd's one thread with it (about 0.3 ms each on a 2-core VM; counter-races.test.ts
 * alone commits some 4,000 times): in memory (/dev/shm on Linux) nothing waits. A TMPDIR set by
 * whoever runs the tests is kept (docs/decisions/0046-the-loop-within-budget.md).
 */
if (!process.env.TMPDIR && existsSync("/dev/shm")) process.env.TMPDIR = "/dev/shm";

/**
 * Two kinds of tests: the worker's run inside workerd against a real D1 with the real
 * migrations and seed; the SPA's components run in jsdom. The browser journeys are
 * Playwright's (tests/e2e) and run with `npm run test:e2e`.
 */
export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker, so the component files and the worker's files
    // ran one after the other. Two: each project's files share two runners (two jsdoms, two
    // workerd with a D1 each, never one D1 between them), and the whole run takes about 30 s
    // instead of 47 (docs/decisions/0013-node-22-and-the-developer-loop.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
                TEST_SEED_SQL: await readSeed(),
                TEST_ZIP_CENTROIDS_SQL: await readFile(ZIP_CENTROIDS_FILE, "utf8"),
                TEST_SCHEMA_SNAPSHOT: await readLatestSnapshot(),
              },
            },
          })),
        ],
        test: {
          name: "worker",
          // One workerd for every file: starting one per file was most of the run. Its D1 is
          // shared, so tests/worker/setup.ts puts it back to migrations + seed before each file.
          isolate: false,
          // Room for a loaded machine (CI, or several workerd instances at once): a test proves
          // behaviour, never speed; speed is measured by npm run bench.
          testTimeout: 20_000,
          include: ["tests/worker/**/*.test.ts"],
          setupFiles: ["./tests/worker/setup.ts"],
          // workerd fetches each module from Vite one at a time; stripe, zod, drizzle and the rest
          // are some 700 small files. Bundled once into a few, each workerd loads them in a fraction
          // of the time. A subpath left out still works, only unbundled
          // (docs/decisions/0058-the-worker-tests-load-less.md).
          deps: { optimizer: { ssr: { enabled: true, include: WORKER_BUNDLED_DEPENDENCIES } } },
        },
      },
      {
        plugins: [react()],
        // Same as vite.config.ts: the app uses react-hot-toast's headless build (CSP-safe).
        resolve: { alias: [{ find: /^react-hot-toast$/, replacement: "react-hot-toast/headless" }] },
        test: {
          name: "web",
          environment: "jsdom",
          testTimeout: 20_000,
          include: ["tests/web/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts"],
          // One jsdom for every file (creating one per file was a third of the run); each file
          // still starts as a fresh page load (tests/web/fresh-page.ts).
          isolate: false,
          setupFiles: ["./tests/web/fresh-page.ts", "./tests/web/setup.ts"],
        },
      },
    ],
  },
});
