#!/usr/bin/env node
// `npm run db:check`: fails when the schema and the migrations have drifted apart, i.e. when
// `npm run db:generate` would write a migration. It generates into a copy of the migrations
// folder named in drizzle.config.ts, so the project's own folder is never touched.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";

const root = resolve(new URL("..", import.meta.url).pathname);
const configPath = join(root, "drizzle.config.ts");
const out = /\bout:\s*["'`]([^"'`]+)["'`]/.exec(readFileSync(configPath, "utf8"))?.[1];
if (!out) throw new Error(`No "out" folder in ${configPath}`);

const scratch = mkdtempSync(join(tmpdir(), "squeeze-migrations-"));
try {
  const copy = join(scratch, "migrations");
  cpSync(join(root, out), copy, { recursive: true });
  const before = new Set(readdirSync(copy));
  const scratchConfig = join(scratch, "drizzle.config.ts");
  writeFileSync(
    scratchConfig,
    // drizzle-kit reads `out` relative to the working directory, even when it is absolute.
    `import config from ${JSON.stringify(configPath)};\nexport default { ...config, out: ${JSON.stringify(relative(root, copy))} };\n`,
  );
  const result = spawnSync(join(root, "node_modules", ".bin", "drizzle-kit"), ["generate", "--config", scratchConfig], {
    cwd: root,
    encoding: "utf8",
  });
  const written = readdirSync(copy).filter((name) => !before.has(name));
  // drizzle-kit exits 0 even when it could not read the schema or the snapshots.
  if (result.status !== 0 || (written.length === 0 && !/No schema changes/.test(result.stdout))) {
    process.stderr.write(`${result.stdout}${result.stderr}`);
    console.error("drizzle-kit generate failed.");
    process.exit(1);
  }
  if (written.length > 0) {
    console.error(
      `The schema and ${out} have drifted apart: drizzle-kit would write ${written.join(", ")}:\n\n` +
        readFileSync(join(copy, written[0]), "utf8") +
        "\n\nRun `npm run db:generate -- --name what` and commit the migration with the schema change.",
    );
    process.exit(1);
  }
  console.log(`Schema and ${out} agree: db:generate has nothing to write.`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
