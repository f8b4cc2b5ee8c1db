import { readFileSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser journeys against the BUILT app served by scripts/serve-built.mjs with a fresh
 * local D1. `npm run test:e2e` builds, starts that server and passes its address as
 * BASE_URL (and its log as E2E_SERVER_LOG, where the e-mails sent are listed). Run
 * `npx playwright test [file]` alone and Playwright starts the last build itself
 * (`node scripts/serve-built.mjs --no-build`) on port E2E_PORT (default 5199), and a second one on
 * the next port for the shop-state journey.
 *
 * The browser is Debian's Chromium (`apt-get install chromium`), never a downloaded build.
 */
const chromium = JSON.parse(readFileSync(new URL("./scripts/lib/chromium.json", import.meta.url), "utf8")) as {
  executablePath: string;
  args: string[];
};
const chromiumPath = process.env.CHROME_PATH ?? chromium.executablePath;
const ownServerPort = Number(process.env.E2E_PORT ?? 5199);
if (!process.env.BASE_URL) process.env.E2E_SERVER_LOG ??= "artifacts/e2e-server.log";
const baseURL = process.env.BASE_URL ?? `http://localhost:${ownServerPort}`;
// The shop-state journey changes the shop for every shopper: it gets a server (and a D1) of its
// own, next to the others'. Given only BASE_URL, it shares that server and waits for the rest.
const shopStateBaseURL =
  process.env.E2E_SHOP_STATE_BASE_URL ?? (process.env.BASE_URL ? undefined : `http://localhost:${ownServerPort + 1}`);

/** The journeys that change the shop for every shopper, one file at a time on a server of their own. */
const SHOP_STATE_JOURNEYS = ["**/availability.spec.ts", "**/staff-rush.spec.ts", "**/order-ahead.spec.ts"];
/** Browsers for the other journeys: one per core. */
const JOURNEY_WORKERS = Number(process.env.E2E_JOURNEY_WORKERS ?? 2);

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results",
  // Two browsers for the journeys (one per core; the servers share them), and a third for the
  // shop-state server's journeys, which mostly wait for the shop's polls and timers.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // A journey is a whole visit (sign-in popup, several pages, a second browser for the board):
  // on a loaded machine it can take well over a minute. Journeys prove behaviour, not speed.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  projects: shopStateBaseURL
    ? [
        // The journeys that change the shop for every shopper (a pause, sold out, the board's
        // count, an order's preparation timed from an empty queue) have a server of their own and
        // take turns on it, one file at a time, beside the others from the first second.
        // First in the queue, so one of the browsers is theirs from the start.
        {
          name: "shop-state",
          testMatch: SHOP_STATE_JOURNEYS,
          fullyParallel: false,
          workers: 1,
          use: { baseURL: shopStateBaseURL },
        },
        { name: "journeys", testIgnore: SHOP_STATE_JOURNEYS, workers: JOURNEY_WORKERS },
      ]
    : [
        // One server for everything: the shop-state journeys wait until the others are done.
        { name: "journeys", testIgnore: SHOP_STATE_JOURNEYS, workers: JOURNEY_WORKERS },
        {
          name: "shop-state",
          testMatch: SHOP_STATE_JOURNEYS,
          fullyParallel: false,
          workers: 1,
          dependencies: ["journeys"],
        },
      ],
  webServer: process.env.BASE_URL
    ? undefined
    : [ownServerPort, ownServerPort + 1].map((port, index) => ({
        command: `node scripts/serve-built.mjs --no-build --port ${port} --log ${index === 0 ? process.env.E2E_SERVER_LOG : "artifacts/e2e-shop-state-server.log"}`,
        url: `http://127.0.0.1:${port}/api/categories`,
        reuseExistingServer: false,
        timeout: 120_000,
        gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
        stdout: "ignore" as const,
      })),
  use: {
    baseURL,
    ...devices["Desktop Chrome"],
    viewport: { width: 1440, height: 900 },
    locale: "en-US",
    timezoneId: "America/Los_Angeles",
    // Recording a trace costs every journey CPU on a 2-core machine: on when asked (E2E_TRACE=1).
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: chromiumPath,
      args: chromium.args,
    },
  },
});
