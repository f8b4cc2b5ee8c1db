// What one `POST /api/orders` costs in D1, per kind of order (pickup, delivery, card): the
// statements and the round trips (a batch is one) counted at the D1 binding's edge by
// tests/worker/query-counts.test.ts, which also holds them under their ceilings. `npm run bench`
// runs that test in workerd against the real migrated D1 and prints what it counted.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { table } from "./against.mjs";

const TEST_FILE = "tests/worker/query-counts.test.ts";

/**
 * @param {string} dir the tree whose worker is counted
 * @returns {{ rows: { kind: string, statements: number, roundTrips: number }[], problems: string[] }}
 */
export function countOrderStatements(dir) {
  const out = mkdtempSync(join(tmpdir(), "squeeze-order-statements-"));
  const report = join(out, "report.json");
  try {
    const run = spawnSync(
      join(dir, "node_modules", ".bin", "vitest"),
      ["run", "--project", "worker", TEST_FILE, "--reporter=json", `--outputFile=${report}`],
      { cwd: dir, encoding: "utf8", env: { ...process.env, CI: "true" }, maxBuffer: 64 * 1024 * 1024 },
    );
    let parsed;
    try {
      parsed = JSON.parse(readFileSync(report, "utf8"));
    } catch {
      return { rows: [], problems: [`${TEST_FILE} did not run (exit ${run.status}): ${run.stderr.slice(-400)}`] };
    }
    const results = parsed.testResults.flatMap((file) => file.assertionResults);
    const rows = results.map((result) => result.meta?.d1Cost).filter(Boolean);
    const problems = results
      .filter((result) => result.status !== "passed")
      .map((result) => `${result.title}: ${(result.failureMessages ?? [])[0]?.split("\n")[0] ?? result.status}`);
    return { rows, problems };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Each kind of order's D1 statements and round trips, as tests/worker/query-counts.test.ts counts and holds them. */
export function printOrderStatements(side, problems) {
  const counted = countOrderStatements(side.dir);
  problems.push(...counted.problems);
  if (counted.rows.length === 0) return;
  console.log(`\nD1 per POST /api/orders (${side.label}, counted at the D1 binding):\n`);
  console.log(
    table(
      ["order", "statements", "round trips"],
      counted.rows.map((row) => [row.kind, row.statements, row.roundTrips]),
    ),
  );
}
