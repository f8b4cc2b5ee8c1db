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

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results",
  // Two cores: one browser per core; the server shares them.
  workers: Number(process.env.E2E_WORKERS ?? 2),
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
        // First in the queue: its long waits for the shop's polling overlap the other journeys.
        { name: "shop-state", testMatch: "**/availability.spec.ts", use: { baseURL: shopStateBaseURL } },
        {
          name: "journeys",
          testIgnore: ["**/availability.spec.ts", "**/staff-rush.spec.ts", "**/order-ahead.spec.ts"],
        },
        // Clears the order board and counts what is on it: on the shop-state server, after that journey.
        {
          name: "rush",
          testMatch: "**/staff-rush.spec.ts",
          use: { baseURL: shopStateBaseURL },
          dependencies: ["shop-state"],
        },
        // Clears the board too, and times an order's preparation from an empty queue: after the rush.
        {
          name: "ahead",
          testMatch: "**/order-ahead.spec.ts",
          use: { baseURL: shopStateBaseURL },
          dependencies: ["rush"],
        },
      ]
    : [
        {
          name: "journeys",
          testIgnore: ["**/availability.spec.ts", "**/staff-rush.spec.ts", "**/order-ahead.spec.ts"],
        },
        { name: "shop-state", testMatch: "**/availability.spec.ts", dependencies: ["journeys"] },
        { name: "rush", testMatch: "**/staff-rush.spec.ts", dependencies: ["shop-state"] },
        { name: "ahead", testMatch: "**/order-ahead.spec.ts", dependencies: ["rush"] },
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
