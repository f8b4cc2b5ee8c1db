// `npm run lighthouse -- --against <commit>`: this tree and another commit, each built and served
// by its own scripts/serve-built.mjs behind the compressing proxy, measured in turns by one
// Chromium: LIGHTHOUSE_RUNS rounds (default 5), each measuring every page and preset once on both
// sides back to back, this side first in even rounds and the other first in odd ones. Whatever
// else loads the machine then weighs on both alike, so the verdict is a ratio to the other commit,
// never a bare time: on the mobile preset, median TBT ≤ LIGHTHOUSE_TBT_RATIO × the other's
// (default 1.0) and median LCP ≤ the other's + LIGHTHOUSE_LCP_SLACK_MS (default 50);
// accessibility, best practices and SEO 100 as always. Returns the exit code.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hasBuild, median, prepareOtherSide, serveModuleOf, sidesInTurn, table, thisSide } from "./against.mjs";
import { startCompressingProxy } from "./compressing-proxy.mjs";
import { figuresOf, launchChromium, measureOnce, pageName } from "./lighthouse-run.mjs";

const root = new URL("../..", import.meta.url).pathname;

export async function compareLighthouse(commit) {
  const pages = (process.env.LIGHTHOUSE_PAGES ?? "/,/menu,/categories/cat-fresh-juices/products/prd-sunrise-orange")
    .split(",")
    .map((path) => path.trim())
    .filter(Boolean);
  const presets = (process.env.LIGHTHOUSE_PRESETS ?? "mobile")
    .split(",")
    .map((preset) => preset.trim())
    .filter(Boolean);
  const rounds = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
  const tbtRatio = Number(process.env.LIGHTHOUSE_TBT_RATIO ?? 1);
  const lcpSlackMs = Number(process.env.LIGHTHOUSE_LCP_SLACK_MS ?? 50);
  const startPort = Number(process.env.LIGHTHOUSE_PORT ?? 5230);

  const sides = [thisSide(), prepareOtherSide(commit)];
  for (const side of sides) {
    side.serve = await serveModuleOf(side);
    const isThis = side === sides[0];
    const build = isThis
      ? process.env.LIGHTHOUSE_SKIP_BUILD !== "1"
      : !hasBuild(side) || process.env.LIGHTHOUSE_AGAINST_REBUILD === "1";
    if (build) {
      console.log(`[against] building ${side.label} in ${side.dir}`);
      side.serve.buildApp();
    }
  }
  const outDir = join(root, "artifacts", "lighthouse", "against", sides[1].label);
  mkdirSync(outDir, { recursive: true });

  /** figures[side label][page][preset] = one entry per round */
  const figures = Object.fromEntries(sides.map((side) => [side.label, {}]));
  let chrome;
  try {
    let port = startPort;
    for (const side of sides) {
      side.server = await side.serve.startBuiltServer({ startPort: port });
      side.edge = await startCompressingProxy(side.server.origin, await side.serve.freePort(side.server.port + 1));
      port = Number(new URL(side.edge.origin).port) + 1;
      console.log(`[against] ${side.label} served at ${side.edge.baseUrl}`);
      for (const path of pages) await fetch(new URL(path, side.edge.baseUrl)).then((response) => response.text());
    }
    chrome = await launchChromium();
    // The two sides of one page and preset are measured back to back, so a burst of load lands on
    // both as nearly as can be; the order flips every round.
    for (let round = 0; round < rounds; round += 1) {
      for (const path of pages) {
        for (const preset of presets) {
          for (const side of sidesInTurn(round, sides)) {
            const result = await measureOnce(chrome, new URL(path, side.edge.baseUrl).href, preset);
            const runs = ((figures[side.label][path] ??= {})[preset] ??= []);
            if (!result) {
              console.log(`  ${side.label} ${path} (${preset}): no result in round ${round + 1}`);
              continue;
            }
            const run = figuresOf(result.lhr);
            runs.push(run);
            const name = `${side.label}-${pageName(path)}-${preset}-${round + 1}`;
            writeFileSync(join(outDir, `${name}.report.json`), JSON.stringify(result.lhr));
            console.log(
              `  round ${round + 1}, ${side.label} ${path} (${preset}): TBT ${Math.round(run.TBT)} ms, LCP ${(run.LCP / 1000).toFixed(2)} s, performance ${run.performance}; benchmark index ${Math.round(result.lhr.environment?.benchmarkIndex ?? 0)}`,
            );
          }
        }
      }
    }
  } finally {
    await chrome?.kill();
    for (const side of sides) {
      await side.edge?.close();
      await side.server?.stop();
      side.server?.removeState();
    }
  }

  const [ours, theirs] = sides;
  const rows = [];
  const misses = [];
  for (const path of pages) {
    for (const preset of presets) {
      const mine = figures[ours.label][path]?.[preset] ?? [];
      const other = figures[theirs.label][path]?.[preset] ?? [];
      const of = (runs, key) => median(runs.map((run) => run[key]));
      for (const [side, runs] of [
        [ours, mine],
        [theirs, other],
      ]) {
        rows.push([
          path,
          preset,
          side.label,
          `${Math.round(of(runs, "TBT"))}`,
          (of(runs, "LCP") / 1000).toFixed(2),
          (of(runs, "FCP") / 1000).toFixed(2),
          `${Math.round(of(runs, "performance"))}`,
          runs.map((run) => Math.round(run.TBT)).join("/"),
          runs.map((run) => (run.LCP / 1000).toFixed(2)).join("/"),
        ]);
      }
      if (mine.length === 0 || other.length === 0) {
        misses.push(`${path} ${preset}: no runs to compare`);
        continue;
      }
      for (const category of ["accessibility", "best-practices", "seo"]) {
        if (of(mine, category) < 100) misses.push(`${path} ${preset}: ${category} ${of(mine, category)} < 100`);
      }
      if (preset !== "mobile") continue;
      const [tbt, otherTbt] = [of(mine, "TBT"), of(other, "TBT")];
      if (tbt > otherTbt * tbtRatio)
        misses.push(
          `${path}: median TBT ${Math.round(tbt)} ms > ${tbtRatio} × ${theirs.label}'s ${Math.round(otherTbt)} ms`,
        );
      const [lcp, otherLcp] = [of(mine, "LCP"), of(other, "LCP")];
      if (lcp > otherLcp + lcpSlackMs)
        misses.push(
          `${path}: median LCP ${Math.round(lcp)} ms > ${theirs.label}'s ${Math.round(otherLcp)} ms + ${lcpSlackMs} ms`,
        );
    }
  }
  console.log(
    `\nLighthouse, ${rounds} rounds in turns, ${ours.label} against ${theirs.label}, ${new Date().toISOString()} (medians; then each run):\n`,
  );
  console.log(
    table(["page", "preset", "commit", "TBT ms", "LCP s", "FCP s", "performance", "TBT runs", "LCP runs"], rows),
  );
  console.log(`\nReports: ${outDir}`);
  if (misses.length > 0) {
    console.error(`\nAgainst ${theirs.label} (TBT ≤ ${tbtRatio} × its, LCP ≤ its + ${lcpSlackMs} ms):`);
    for (const miss of misses) console.error(`  - ${miss}`);
    return 1;
  }
  console.log(`\nEvery page blocks and paints no later than ${theirs.label}'s, within the limits.`);
  return 0;
}
