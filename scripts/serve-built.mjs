#!/usr/bin/env node
// Serves the BUILT app (worker + static assets) the way the browser tests, the benchmark
// and Lighthouse need it: `vite build` into its own output folder, a fresh local D1
// (migrated and seeded) in a temporary state folder, then `vite preview` on a free port.
//
// Used as a module by scripts/e2e.mjs, scripts/bench.mjs and scripts/lighthouse.mjs, and
// by hand:   node scripts/serve-built.mjs            (build, serve, Ctrl-C to stop)
//            node scripts/serve-built.mjs --no-build (serve the last build)
//
// Why each step is the way it is:
// - The build goes to artifacts/build, not dist/, so another `vite build` (the bundle budget)
//   cannot empty the folder this server is reading from.
// - `vite preview` with @cloudflare/vite-plugin runs the built worker in workerd. Its
//   bindings come from the build output's wrangler.json, and its variables from the
//   `.dev.vars` the plugin copies next to it at build time (dist/<worker>/.dev.vars). We
//   overwrite that copy with .dev.vars.example, so the served app always has
//   APP_ENV=development and no provider credentials (the local sign-in stand-in), whatever a
//   developer keeps in their own .dev.vars.
// - D1 lives where vite.config.ts's persistState points: SQUEEZE_STATE_DIR, read both by
//   scripts/prepare-local-db.mjs and by the plugin at preview time.
// - The server runs in its own process group (detached = setsid): stopping it kills the
//   group, because a plain kill of vite leaves workerd holding the port.
// - E-mails sent through the EMAIL binding are written by miniflare under
//   .wrangler/tmp/email/<session>/email-text/<id>.txt (and email-html/<id>.html), and the
//   server log gets a "send_email binding called with MessageBuilder:" block with From, To,
//   Subject and those paths. tests/e2e/support/emails.ts reads them.
import { spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, relative, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ensureVapidKeys } from "./lib/vapid-dev-keys.mjs";

export const root = resolve(new URL("..", import.meta.url).pathname);
export const buildDir = join(root, "artifacts", "build");
export const emailRoot = join(root, ".wrangler", "tmp", "email");
const binDir = join(root, "node_modules", ".bin");

/** Children get the project's tools (wrangler, vite and Node 22) first on PATH. */
export function childEnv(extra = {}) {
  return {
    ...process.env,
    PATH: `${binDir}${delimiter}${process.env.PATH ?? ""}`,
    CI: process.env.CI ?? "true",
    WRANGLER_SEND_METRICS: "false",
    ...extra,
  };
}

/** Runs a tool to completion; its output is shown only when it fails (or with `loud`). */
function run(command, args, env = childEnv(), { loud = false } = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    env,
    stdio: loud ? "inherit" : "pipe",
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    if (!loud) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
  }
}

/** `vite build` into artifacts/build (client assets in client/, the worker in squeeze/). */
export function buildApp() {
  // The plugin copies .dev.vars into the output at build time; make sure there is one.
  if (!existsSync(join(root, ".dev.vars")) && existsSync(join(root, ".dev.vars.example"))) {
    copyFileSync(join(root, ".dev.vars.example"), join(root, ".dev.vars"));
  }
  console.log("[serve-built] vite build → artifacts/build");
  run(join(binDir, "vite"), ["build", "--outDir", buildDir, "--emptyOutDir", "--logLevel", "warn"], childEnv(), {
    loud: true,
  });
}

/** The build output's worker folder: the one holding wrangler.json with a "main". */
function workerOutputDir() {
  for (const name of ["squeeze", ...safeReaddir(buildDir)]) {
    const config = join(buildDir, name, "wrangler.json");
    if (!existsSync(config)) continue;
    try {
      if (JSON.parse(readFileSync(config, "utf8")).main) return join(buildDir, name);
    } catch {
      // not the worker's config; keep looking
    }
  }
  throw new Error(`No built worker under ${buildDir}: run the build first.`);
}

function safeReaddir(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** First port from `start` on which 127.0.0.1 can listen. */
export async function freePort(start = 5190) {
  for (let port = start; port < start + 200; port += 1) {
    const ok = await new Promise((done) => {
      const probe = createServer();
      probe.once("error", () => done(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => done(true)));
    });
    if (ok) return port;
  }
  throw new Error(`No free port in ${start}..${start + 199}`);
}

/**
 * A fresh state folder with the local D1 migrated and seeded; without the ZIP codes' positions
 * (`zipCentroids: false`) when nobody will sort the shops by a typed ZIP code there.
 */
export function prepareFreshDatabase(
  stateDir = mkdtempSync(join(tmpdir(), "squeeze-built-state-")),
  { zipCentroids = true } = {},
) {
  mkdirSync(stateDir, { recursive: true });
  // The journeys and the bench place hundreds of orders from new accounts in this one database:
  // its shops take them all (the development seed's limit is npm run dev's, and its own tests').
  run(
    process.execPath,
    [
      join(root, "scripts", "prepare-local-db.mjs"),
      "--take-every-new-account",
      ...(zipCentroids ? [] : ["--without-zip-centroids"]),
    ],
    childEnv({ SQUEEZE_STATE_DIR: stateDir }),
  );
  return stateDir;
}

/**
 * Starts `vite preview` of the last build on a free port with its own fresh D1.
 * Resolves when GET /api/categories answers 200 and the page shell served is our build's.
 */
export async function startBuiltServer({
  port,
  stateDir,
  logPath,
  startPort = 5190,
  timeoutMs = 120_000,
  zipCentroids = true,
} = {}) {
  const workerDir = workerOutputDir();
  // What the served worker sees as its local variables (see the note at the top).
  copyFileSync(join(root, ".dev.vars.example"), join(workerDir, ".dev.vars"));
  await ensureVapidKeys(join(workerDir, ".dev.vars"));
  const state = prepareFreshDatabase(stateDir, { zipCentroids });
  const chosenPort = port ?? (await freePort(startPort));
  const log = logPath ?? join(state, "server.log");
  // The entry script's hashed name tells our build from another (the worker adds preload
  // hints to the landing pages' HTML, so the page is not byte for byte the built file).
  const ourEntry = readFileSync(join(buildDir, "client", "index.html"), "utf8").match(
    /<script type="module"[^>]*src="([^"]+)"/,
  )?.[1];
  if (!ourEntry) throw new Error(`No entry script in ${join(buildDir, "client", "index.html")}`);

  // `vite preview` finds the worker to run through .wrangler/deploy/config.json, which any
  // other `vite build` in the tree rewrites (developers build while this runs). Point it at
  // our build right before starting, and start again if what is served is not ours.
  for (let attempt = 1; ; attempt += 1) {
    const server = await launchPreview({ workerDir, state, chosenPort, log, timeoutMs });
    const shell = await fetch(`${server.origin}/`).then((response) => response.text());
    // (In `src` of the shell's script, or in `data-entry` of a landing page's loader.)
    if (shell.includes(`="${ourEntry}"`)) {
      console.log(`[serve-built] serving the built app on ${server.origin} (D1 state ${state}, log ${log})`);
      return {
        ...server,
        stateDir: state,
        logPath: log,
        removeState: () => rmSync(state, { recursive: true, force: true }),
      };
    }
    await server.stop();
    if (attempt === 3) throw new Error("Another vite build kept replacing the preview's worker; try again.");
    console.log("[serve-built] another build took over the preview pointer; starting again");
  }
}

async function launchPreview({ workerDir, state, chosenPort, log, timeoutMs }) {
  const deployConfig = join(root, ".wrangler", "deploy", "config.json");
  mkdirSync(dirname(deployConfig), { recursive: true });
  writeFileSync(
    deployConfig,
    JSON.stringify({
      configPath: relative(dirname(deployConfig), join(workerDir, "wrangler.json")),
      auxiliaryWorkers: [],
    }),
  );
  const out = openSync(log, "w");
  const child = spawn(
    join(binDir, "vite"),
    ["preview", "--outDir", buildDir, "--host", "127.0.0.1", "--port", String(chosenPort), "--strictPort"],
    {
      cwd: root,
      env: childEnv({ SQUEEZE_STATE_DIR: state, FORCE_COLOR: "0", NO_COLOR: "1" }),
      stdio: ["ignore", out, out],
      detached: true, // its own process group: see stop()
    },
  );
  let exited = null;
  child.on("exit", (code, signal) => {
    exited = { code, signal };
  });

  const origin = `http://127.0.0.1:${chosenPort}`;
  const stop = async () => {
    if (exited) return;
    for (const signal of ["SIGTERM", "SIGKILL"]) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        return; // the group is gone
      }
      for (let waited = 0; waited < 5000 && !groupGone(child.pid); waited += 100) await sleep(100);
      if (groupGone(child.pid)) return;
    }
  };
  process.once("exit", () => {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already stopped
    }
  });

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`vite preview exited (${JSON.stringify(exited)}) before it was ready:\n${tail(log)}`);
    try {
      const response = await fetch(`${origin}/api/categories`, { signal: AbortSignal.timeout(5000) });
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The built app did not answer on ${origin} within ${timeoutMs / 1000}s:\n${tail(log)}`);
    }
    await sleep(300);
  }
  return {
    origin,
    // The browser uses localhost: the local sign-in stand-in and the http cookie name are for localhost.
    baseUrl: `http://localhost:${chosenPort}`,
    port: chosenPort,
    pid: child.pid,
    stop,
  };
}

function groupGone(pgid) {
  try {
    process.kill(-pgid, 0);
    return false;
  } catch {
    return true;
  }
}

export function tail(path, lines = 40) {
  try {
    return readFileSync(path, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/** Runs `wrangler d1 execute --local` against a state folder and returns the rows. */
export function queryD1(stateDir, sql) {
  const result = spawnSync(
    join(binDir, "wrangler"),
    ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--json", "--command", sql],
    { cwd: root, encoding: "utf8", env: childEnv() },
  );
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed: ${result.stderr || result.stdout}`);
  const parsed = JSON.parse(result.stdout);
  return parsed[0]?.results ?? [];
}

// Run by hand: build (unless --no-build), serve until Ctrl-C. Options: --port N, --log FILE,
// --without-zip-centroids (a database nobody sorts the shops by ZIP code in: Playwright's own servers).
if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const option = (name) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  if (!process.argv.includes("--no-build")) buildApp();
  const port = option("--port") ? Number(option("--port")) : undefined;
  const logPath = option("--log") ? resolve(root, option("--log")) : undefined;
  if (logPath) {
    mkdirSync(dirname(logPath), { recursive: true });
    writeFileSync(logPath, "");
  }
  const server = await startBuiltServer({
    port,
    logPath,
    zipCentroids: !process.argv.includes("--without-zip-centroids"),
  });
  console.log(`Open ${server.baseUrl}  (Ctrl-C stops it)`);
  const shutdown = async () => {
    await server.stop();
    server.removeState();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
