#!/usr/bin/env node
// The installable app under `npm run dev`, checked by hand in a real Chromium (Debian's): starts
// `npm run dev` in a process group of its own, then
//
//  1. a signed-in shopper's order page: the service worker (vite-plugin-pwa's dev build of
//     web/service-worker/sw.ts) takes control, "Tell me when it's ready" asks for the permission
//     (granted by the browser context) and reaches the subscription (Chromium subscribes through
//     its vendor's push service, which a machine without the internet cannot reach: the script
//     prints what the page says), and a Ready push delivered to that service worker through the
//     DevTools protocol shows the order's notification;
//  2. the stand-in push service (scripts/push-stand-in.mjs --tap --once) receives the Ready push,
//     timed from the barista's tap (at most 2 s);
//  3. a shopper opens the menu, the service worker keeps it, the dev server is stopped (its whole
//     process group), and the menu, a drink page (added to the cart) and About still open.
//
//   node scripts/check-dev-service-worker.mjs [--port 5173] [--push-port 5420]
//
// Exit code 0 when all three hold. Uses the local database `npm run dev` uses.
import { spawn, execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { chromiumPath, playwrightChromiumArgs } from "./lib/chromium.mjs";
import { postLocalOrder } from "./lib/local-orders.mjs";
import { signInLocally } from "./lib/local-sign-in.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "5173" },
    "push-port": { type: "string", default: "5420" },
  },
});
const origin = `http://localhost:${values.port}`;
const READY_PUSH_LIMIT_MS = 2000;
const DRINK_PAGE = "/categories/cat-wellness-shots/products/prd-beet-shot";
const root = new URL("..", import.meta.url).pathname;

const failures = [];
function check(ok, what) {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
}

async function until(condition, { timeout, what }) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await condition().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

// The dev server in a process group of its own (detached = setsid), stopped as a whole below.
const server = spawn("npm", ["run", "dev", "--", "--port", values.port, "--strictPort"], {
  cwd: root,
  detached: true,
  stdio: ["ignore", "pipe", "pipe"],
});
let serverLog = "";
server.stdout.on("data", (chunk) => (serverLog += chunk));
server.stderr.on("data", (chunk) => (serverLog += chunk));
const stopServer = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // Already gone.
  }
};
process.on("exit", stopServer);

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: playwrightChromiumArgs(),
});

/** A browser context signed in as a test person of its own, and its session cookie. */
async function shopper(name, { profile } = {}) {
  const options = { baseURL: origin, viewport: { width: 390, height: 844 }, isMobile: true };
  // A profile of its own where push is concerned: an incognito context (a test's default) refuses it.
  const context = profile
    ? await chromium.launchPersistentContext(profile, {
        ...options,
        executablePath: chromiumPath,
        args: playwrightChromiumArgs(),
      })
    : await browser.newContext(options);
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const cookie = await signInLocally(origin, { provider: "google", name, email });
  const [cookieName, cookieValue] = cookie.split(/=(.*)/s);
  await context.addCookies([{ name: cookieName, value: cookieValue, url: origin }]);
  return { context, cookie };
}

const controllingWorker = (page) =>
  page.evaluate(() => {
    const url = navigator.serviceWorker.controller?.scriptURL;
    return url?.includes("/dev-sw.js") ? url : null;
  });

try {
  await until(() => fetch(`${origin}/api/store`).then((response) => response.ok), {
    timeout: 180_000,
    what: "npm run dev",
  });
  console.log(`npm run dev is up on ${origin} (process group ${server.pid}).`);

  // 1. The order page's button, and a push shown by the dev service worker.
  {
    const profile = mkdtempSync(join(tmpdir(), "squeeze-dev-push-"));
    const { context, cookie } = await shopper("Dev Push", { profile });
    await context.grantPermissions(["notifications"], { origin });
    const placed = await postLocalOrder(origin, {
      cookie,
      body: {
        lines: [{ productId: "prd-sunrise-orange", size: "medium", quantity: 1, note: "" }],
        phone: "+1 714 555 0100",
      },
    });
    const { order } = await placed.json();
    check(placed.status === 201, `an order placed (${placed.status})`);
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    let registrationId;
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      for (const registration of registrations)
        if (registration.scopeURL === `${origin}/`) registrationId = registration.registrationId;
    });
    await cdp.send("ServiceWorker.enable");
    await page.goto(`/orders/${order.id}`);
    const worker = await until(() => controllingWorker(page), { timeout: 60_000, what: "the service worker" });
    check(Boolean(worker), `the dev service worker controls the order page (${worker})`);
    await page.getByRole("button", { name: "Tell me when it’s ready" }).click();
    // What the page says once the subscription is made or refused (still "working" while
    // Chromium waits for its push service).
    const said = await until(
      () =>
        page.evaluate(
          () =>
            document.querySelector(".ready-notifications [role=alert], .ready-notifications p")?.textContent ?? null,
        ),
      { timeout: 15_000, what: "the button's answer" },
    ).catch(() => "nothing yet after 15 s: the subscription is still waiting for Chromium's push service");
    const permission = await page.evaluate(() => Notification.permission);
    check(permission === "granted", `the tap asked for and got the permission (${permission})`);
    console.log(`     the page then says: "${said}"`);

    const number = `#${order.id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
    const payload = {
      kind: "order-ready",
      orderId: order.id,
      orderNumber: number,
      shop: "Squeeze Anaheim",
      title: `Order ${number} is ready`,
      body: "Your drinks are waiting at Squeeze Anaheim.",
      url: `/orders/${order.id}`,
    };
    await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data: JSON.stringify(payload) });
    const serviceWorker = context.serviceWorkers().find((each) => each.url().includes("/dev-sw.js"));
    const shown = await until(
      () =>
        serviceWorker.evaluate(async () =>
          (await self.registration.getNotifications()).map((notification) => notification.title).join(", "),
        ),
      { timeout: 20_000, what: "the notification" },
    ).catch(() => "");
    check(shown === payload.title, `a Ready push to the dev service worker shows "${shown}"`);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }

  // 2. The stand-in push service: the Ready push, timed from the barista's tap.
  {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["scripts/push-stand-in.mjs", "--url", origin, "--port", values["push-port"], "--tap", "--once"],
      { cwd: root, timeout: 60_000 },
    ).catch((error) => ({ stdout: `${error.stdout ?? ""}${error.stderr ?? ""}` }));
    const arrived = Number(stdout.match(/Arrived (\d+) ms after/)?.[1] ?? NaN);
    check(
      arrived <= READY_PUSH_LIMIT_MS,
      `the stand-in push service decrypted the Ready push ${arrived} ms after the barista's tap (limit ${READY_PUSH_LIMIT_MS} ms)`,
    );
    if (!(arrived <= READY_PUSH_LIMIT_MS)) console.log(stdout);
  }

  // 3. The menu opened once, then the server stopped.
  {
    const { context } = await shopper("Dev Offline");
    const page = await context.newPage();
    const offlineErrors = [];
    page.on("pageerror", (error) => offlineErrors.push(error.message));
    page.on("console", (message) => message.type() === "error" && offlineErrors.push(message.text()));
    page.on("requestfailed", (request) => offlineErrors.push(`failed: ${request.url()}`));
    await page.goto("/menu");
    await page.getByRole("heading", { level: 1, name: "Our Menu" }).waitFor();
    await until(() => controllingWorker(page), { timeout: 60_000, what: "the service worker" });
    // The menu kept (sw.ts), and the modules of the pages that open offline (dev-modules.ts).
    await until(
      () =>
        page.evaluate(async (drinkPage) => {
          const kept = await Promise.all(
            [
              "/api/categories/cat-wellness-shots/products/prd-beet-shot",
              "/images/drinks/beet-shot.svg",
              drinkPage,
              "/web/features/product/product-page.tsx",
              "/web/features/about/about-page.tsx",
            ].map((path) => caches.match(path, { ignoreVary: true })),
          );
          return kept.every(Boolean);
        }, DRINK_PAGE),
      { timeout: 180_000, what: "the menu and the app's modules to be kept" },
    );
    // The modules are followed import by import: done when their count stops growing.
    let modules = -1;
    await until(
      async () => {
        const count = await page.evaluate(async () => (await (await caches.open("squeeze-dev-modules")).keys()).length);
        const settled = count === modules;
        modules = count;
        await new Promise((resolve) => setTimeout(resolve, 2500));
        return settled;
      },
      { timeout: 180_000, what: "the app's modules to be kept" },
    );
    console.log(`     the service worker keeps the menu and ${modules} of the app's modules`);
    stopServer();
    await until(
      () =>
        fetch(`${origin}/api/store`).then(
          () => false,
          () => true,
        ),
      { timeout: 30_000, what: "the dev server to stop" },
    );
    check(true, "the dev server is stopped");

    await page.goto("/menu");
    const menu = await page
      .getByRole("heading", { level: 1, name: "Our Menu" })
      .waitFor({ timeout: 30_000 })
      .then(
        () => true,
        () => false,
      );
    check(menu, "offline: the menu opens");
    if (!menu) {
      await page.screenshot({ path: "/tmp/dev-offline-menu.png" });
      console.log(offlineErrors.slice(-15).join("\n"));
    }
    await page.goto(DRINK_PAGE);
    const main = page.getByRole("main");
    const drink = await main
      .getByRole("heading", { name: "Beet Boost Shot", level: 1 })
      .waitFor({ timeout: 30_000 })
      .then(
        () => true,
        () => false,
      );
    check(drink, "offline: a drink page opens");
    if (drink) {
      await main.getByRole("button", { name: "Add to Cart", exact: true }).click();
      const inCart = await page
        .getByRole("dialog", { name: "Cart" })
        .getByText("Beet Boost Shot")
        .waitFor({ timeout: 10_000 })
        .then(
          () => true,
          () => false,
        );
      check(inCart, "offline: the drink goes into the cart");
    }
    await page.goto("/about");
    const about = await page
      .getByRole("heading", { level: 1, name: /Pressing joy into every cup/ })
      .waitFor({ timeout: 30_000 })
      .then(
        () => true,
        () => false,
      );
    check(about, "offline: About opens");
    await context.close();
  }
} catch (error) {
  failures.push(error.message);
  console.error(`FAIL ${error.message}`);
  console.error(serverLog.slice(-2000));
} finally {
  await browser.close();
  stopServer();
}
console.log(failures.length ? `\n${failures.length} check(s) failed.` : "\nAll checks passed.");
process.exit(failures.length ? 1 : 0);
