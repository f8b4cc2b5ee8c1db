// The worker's cron on a local server: Miniflare answers /cdn-cgi/local/scheduled by running the
// scheduled handler once (worker/index.ts), as Cloudflare does every five minutes.
import { performance } from "node:perf_hooks";

/** Runs the cron `runs` times in turn; resolves with each run's milliseconds. */
export async function runCron(origin, runs = 1) {
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const response = await fetch(`${origin}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`the cron answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}
