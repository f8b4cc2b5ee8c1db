import { defineConfig, devices } from "@playwright/test";
import { journeysChromiumPath, playwrightChromiumArgs } from "./scripts/lib/chromium.mjs";

/**
 * Browser journeys against the BUILT app served by scripts/serve-built.mjs with a fresh
 * local D1. `npm run test:e2e` builds, starts that server and passes its address as
 * BASE_URL (and its log as E2E_SERVER_LOG, where the e-mails sent are listed). Run
 * `npx playwright test [file]` alone and Playwright starts the last build itself
 * (`node scripts/serve-built.mjs --no-build`) on port E2E_PORT (default 5199), and a second one on
 * the next port for the shop-state journey.
 *
 * The browser is Debian's Chromium, never a downloaded build: its headless shell
 * (`apt-get install chromium-headless-shell`) when installed, and the full browser
 * (`apt-get install chromium`) for the journeys about push and notifications, which say so with
 * `test.use({ launchOptions: fullChromium })` (docs/decisions/0060).
 */
const ownServerPort = Number(process.env.E2E_PORT ?? 5199);
if (!process.env.BASE_URL) process.env.E2E_SERVER_LOG ??= "artifacts/e2e-server.log";
const baseURL = process.env.BASE_URL ?? `http://localhost:${ownServerPort}`;
// The journeys that change the shop for every shopper get servers (and D1s) of their own, next
// to the others'. Given only BASE_URL, they share that server and wait for the rest.
const separateServers = !process.env.BASE_URL;
const shopStateBaseURL =
  process.env.E2E_SHOP_STATE_BASE_URL ?? (separateServers ? `http://localhost:${ownServerPort + 1}` : undefined);
const aheadBaseURL =
  process.env.E2E_AHEAD_BASE_URL ?? (separateServers ? `http://localhost:${ownServerPort + 2}` : undefined);

/** Pause and sold out, the rush's count of the board, and today's numbers: one file at a time on a server of their own. */
const SHOP_STATE_JOURNEYS = ["**/availability.spec.ts", "**/staff-rush.spec.ts", "**/numbers.spec.ts"];
/**
 * Order ahead times an order's preparation from an empty queue, minutes of waiting: a server of its
 * own. Its browser, mostly idle meanwhile, then takes the journeys that start servers of their own
 * (printing, the offline menu), so they leave the shared queue, the longest.
 */
const AHEAD_JOURNEYS = ["**/order-ahead.spec.ts", "**/printing.spec.ts", "**/offline-menu.spec.ts"];
/** Browsers for the other journeys: one per core. */
const JOURNEY_WORKERS = Number(process.env.E2E_JOURNEY_WORKERS ?? 2);

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results",
  // Two browsers for the journeys (one per core; the servers share them), and one each for the
  // shop-state and order-ahead servers' journeys, which mostly wait for the shop's polls and timers.
  workers: Number(process.env.E2E_WORKERS ?? JOURNEY_WORKERS + 2),
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // A journey is a whole visit (sign-in popup, several pages, a second browser for the board):
  // on a loaded machine it can take well over a minute. Journeys prove behaviour, not speed.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  projects:
    shopStateBaseURL && aheadBaseURL
      ? [
          // First in the queue, so that a browser is theirs from the start.
          {
            name: "shop-state",
            testMatch: SHOP_STATE_JOURNEYS,
            fullyParallel: false,
            workers: 1,
            use: { baseURL: shopStateBaseURL },
          },
          { name: "ahead", testMatch: AHEAD_JOURNEYS, workers: 1, use: { baseURL: aheadBaseURL } },
          {
            name: "journeys",
            testIgnore: [...SHOP_STATE_JOURNEYS, ...AHEAD_JOURNEYS],
            workers: JOURNEY_WORKERS,
          },
        ]
      : [
          // One server for everything: these journeys wait until the others are done, one file at a time.
          { name: "journeys", testIgnore: [...SHOP_STATE_JOURNEYS, ...AHEAD_JOURNEYS], workers: JOURNEY_WORKERS },
          {
            name: "shop-state",
            testMatch: [...SHOP_STATE_JOURNEYS, ...AHEAD_JOURNEYS],
            fullyParallel: false,
            workers: 1,
            dependencies: ["journeys"],
          },
        ],
  webServer: separateServers
    ? ["e2e-server", "e2e-shop-state-server", "e2e-ahead-server"].map((log, index) => ({
        // Only the shared server's journeys sort the shops by a typed ZIP code.
        command: `node scripts/serve-built.mjs --no-build --port ${ownServerPort + index} --log ${index === 0 ? process.env.E2E_SERVER_LOG : `artifacts/${log}.log`}${index === 0 ? "" : " --without-zip-centroids"}`,
        url: `http://127.0.0.1:${ownServerPort + index}/api/categories`,
        reuseExistingServer: false,
        timeout: 120_000,
        gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
        stdout: "ignore" as const,
      }))
    : undefined,
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
      executablePath: journeysChromiumPath,
      args: playwrightChromiumArgs(),
    },
  },
});
