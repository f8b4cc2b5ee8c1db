#!/usr/bin/env node
// Both local servers answer a refused POST with its 4xx, never with their 500 page: 180 guest
// POSTs with a body (scripts/lib/refused-posts.mjs: 401, 403, 404, 405 and 415, small to large
// bodies) to `vite preview` of the build (what the journeys, the bench and Lighthouse run on)
// and to `vite dev` (`npm run dev`), each with a fresh local D1 of its own. Prints the figures
// and every wrong answer; exits 1 on any. CI runs it after the journeys, on their build.
//
//   node scripts/local-refusals.mjs            (builds first)
//   node scripts/local-refusals.mjs --no-build (serves the last build in artifacts/build)
//   LOCAL_REFUSALS_PORT=N                      first port to try (default 5290)
//
// Why a refused body could cost the answer: docs/decisions/0021-local-servers-read-refused-bodies.md.
import { spawn } from "node:child_process";
import { mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sendRefusedPosts } from "./lib/refused-posts.mjs";
import { buildApp, childEnv, freePort, prepareFreshDatabase, root, startBuiltServer, tail } from "./serve-built.mjs";

const firstPort = Number(process.env.LOCAL_REFUSALS_PORT ?? 5290);

/** `vite dev` on a free port with a fresh D1 of its own, as `npm run dev` serves the app. */
async function startDevServer() {
  const state = prepareFreshDatabase(mkdtempSync(join(tmpdir(), "squeeze-dev-state-")));
  const port = await freePort(firstPort + 5);
  const log = join(state, "dev-server.log");
  const child = spawn(
    join(root, "node_modules", ".bin", "vite"),
    ["dev", "--host", "127.0.0.1", "--port", String(port), "--strictPort"],
    {
      cwd: root,
      env: childEnv({ SQUEEZE_STATE_DIR: state, FORCE_COLOR: "0", NO_COLOR: "1" }),
      stdio: ["ignore", openSync(log, "w"), openSync(log, "w")],
      detached: true, // its own process group: stopping it stops workerd too
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    try {
      process.kill(-child.pid, "SIGTERM");
      await sleep(500);
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already stopped
    }
    rmSync(state, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const response = await fetch(`${origin}/api/categories`, { signal: AbortSignal.timeout(10_000) });
      if (response.status === 200) return { origin, stop, logPath: log };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`vite dev did not answer on ${origin}:\n${tail(log)}`);
    }
    await sleep(300);
  }
}

async function probe(name, server) {
  const started = Date.now();
  const { total, right, wrong } = await sendRefusedPosts(server.origin);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${name}: ${right} of ${total} refused posts answered with their 4xx (${seconds} s)`);
  for (const { label, expected, status, text } of wrong)
    console.log(`  ${label}: ${status} instead of ${expected}: ${text.replace(/\s+/g, " ").slice(0, 160)}`);
  return wrong.length;
}

if (!process.argv.includes("--no-build")) buildApp();
let failures = 0;
const preview = await startBuiltServer({ startPort: firstPort });
try {
  failures += await probe("vite preview", preview);
} finally {
  await preview.stop();
  preview.removeState();
}
const dev = await startDevServer();
try {
  failures += await probe("vite dev", dev);
} finally {
  await dev.stop();
}
process.exit(failures === 0 ? 0 : 1);
