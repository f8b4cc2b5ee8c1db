#!/usr/bin/env node
// `npm run test:e2e [-- playwright args]`, e.g. `npm run test:e2e -- tests/e2e/buy.spec.ts`:
// builds the app, serves the build with a fresh local D1 (scripts/serve-built.mjs), runs the Playwright journeys in tests/e2e against it
// with Debian's Chromium (its headless shell where installed, the full browser for push and
// notifications: docs/decisions/0060), stops the server and exits with Playwright's code.
//
//   E2E_SKIP_BUILD=1   reuse the last build in artifacts/build
//   CHROME_PATH=...    one other Chromium for every journey
//   E2E_WORKERS=N      browsers in parallel (default 4: two for the journeys, one each for the shop-state
//                      and order-ahead servers' journeys)
//   E2E_JOURNEY_WORKERS=N  of those, browsers for the journeys on the shared server (default 2)
//   E2E_PORT=N         serve the build on this port and the next two free ones (default: from 5190)
//   E2E_SCREENSHOTS=1  save a picture of each page and dialog to artifacts/screenshots/
//   E2E_TRACE=1        keep a Playwright trace of each failed journey in test-results/
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { chromiumPath, journeysChromiumPath } from "./lib/chromium.mjs";
import { buildApp, childEnv, freePort, root, startBuiltServer, tail } from "./serve-built.mjs";

if (!existsSync(chromiumPath)) {
  console.error(
    `No Chromium at ${chromiumPath}. Install Debian's: sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell\n` +
      "(or set CHROME_PATH). The suite never downloads a browser of its own.",
  );
  process.exit(1);
}
if (journeysChromiumPath === chromiumPath && !process.env.CHROME_PATH) {
  console.warn(
    "Debian's chromium-headless-shell is not installed: every journey runs in the full Chromium, with about a " +
      "quarter more CPU (sudo apt-get install -y chromium-headless-shell).",
  );
}

const started = Date.now();
if (process.env.E2E_SKIP_BUILD !== "1") buildApp();

// Screenshots from the last run are replaced, not mixed with this one's.
rmSync(join(root, "artifacts", "screenshots"), { recursive: true, force: true });
mkdirSync(join(root, "artifacts", "screenshots"), { recursive: true });

// Three servers of the same build, each with its own D1: the journeys share one; the shop-state
// journeys (a pause and drinks sold out for every shopper, the rush's count of the board) take
// turns on the second; order ahead, which times an order from an empty queue, has the third. So
// they run alongside the rest instead of after them, and any file can run on its own. Only the
// shared one sorts shops by a typed ZIP code (shop-picking, shop-page): only it seeds the ZIP codes.
const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
const shopStatePort = await freePort(port + 1);
const aheadPort = await freePort(shopStatePort + 1);
const servers = await Promise.all([
  startBuiltServer({ port, logPath: join(root, "artifacts", "e2e-server.log") }),
  startBuiltServer({
    port: shopStatePort,
    logPath: join(root, "artifacts", "e2e-shop-state-server.log"),
    zipCentroids: false,
  }),
  startBuiltServer({ port: aheadPort, logPath: join(root, "artifacts", "e2e-ahead-server.log"), zipCentroids: false }),
]);
const [server, shopStateServer, aheadServer] = servers;
let exitCode;
try {
  exitCode = await new Promise((resolve) => {
    const playwright = spawn(join(root, "node_modules", ".bin", "playwright"), ["test", ...process.argv.slice(2)], {
      cwd: root,
      stdio: "inherit",
      env: childEnv({
        BASE_URL: server.baseUrl,
        E2E_SERVER_LOG: server.logPath,
        E2E_SHOP_STATE_BASE_URL: shopStateServer.baseUrl,
        E2E_AHEAD_BASE_URL: aheadServer.baseUrl,
      }),
    });
    const forward = (signal) => playwright.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    playwright.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
} finally {
  for (const each of servers) {
    await each.stop();
    each.removeState();
  }
}
if (exitCode !== 0) console.error(`\nLast lines of the server log (${server.logPath}):\n${tail(server.logPath, 30)}`);
console.log(
  `\nBrowser suite ${exitCode === 0 ? "passed" : "FAILED"} in ${Math.round((Date.now() - started) / 1000)} s; ` +
    (process.env.E2E_SCREENSHOTS === "1"
      ? "screenshots in artifacts/screenshots/."
      : "E2E_SCREENSHOTS=1 saves a picture of each page and dialog."),
);
process.exit(exitCode);
