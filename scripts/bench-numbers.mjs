#!/usr/bin/env node
// The owner's numbers on a year of orders alone (what `npm run bench` ends with):
//   node scripts/bench-numbers.mjs            (after a build: npm run build)
import { benchNumbers, numbersTable } from "./lib/numbers-bench.mjs";

const { rows, problems } = await benchNumbers();
console.log(`\n${numbersTable(rows)}`);
if (problems.length > 0) {
  console.error(`\nBenchmark problems:\n  - ${problems.join("\n  - ")}`);
  process.exit(1);
}
