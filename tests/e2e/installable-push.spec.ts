import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { orderNumberOf, placeOrderOverHttp, signInOverHttp } from "./support/staff";
import { expect, test } from "./support/fixtures";
import { fullChromium } from "./support/full-chromium";

// The installable app on the built shop: Chromium finds nothing missing to install it, the
// service worker installs once the page is up, and a push delivered to it through the DevTools
// protocol (as a push service would) shows the order's notification, whose tap opens the order.

/** What the service worker's global scope offers these checks (the DOM's types do not describe it). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
}

test("installable; a push shows the order's notification and a tap on it opens the order", async ({ baseURL }) => {
  // A profile of its own: Chromium offers no installing in an incognito context, which is what
  // a test's browser context otherwise is.
  const profile = mkdtempSync(join(tmpdir(), "squeeze-installable-"));
  const context = await chromium.launchPersistentContext(profile, {
    ...fullChromium,
    baseURL,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: {
      "CF-Connecting-IP": `10.251.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(["notifications"], { origin });
  await signInOverHttp(context.request, baseURL!, {
    name: "Nia Notified",
    email: `nia-${randomUUID().slice(0, 8)}@example.com`,
  });
  const orderId = await placeOrderOverHttp(context.request, baseURL!, 1, 2);

  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) => {
    for (const registration of updated) registrations.set(registration.scopeURL, registration.registrationId);
  });
  await cdp.send("ServiceWorker.enable");

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Registered after the page is up, and in control of it (the first install claims its page).
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 30_000 })
    .toMatch(/\/sw\.js$/);
  // A push reaches only a worker that has finished activating.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state ?? null), {
      timeout: 30_000,
    })
    .toBe("activated");

  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors).toEqual([]);

  const registrationId = registrations.get(`${origin}/`);
  expect(registrationId, "the service worker's registration for the whole site").toBeTruthy();
  const number = orderNumberOf(orderId);
  // The PushPayload of common/push.ts, as the worker sends it (a push service delivers it as it is).
  const payload = {
    kind: "order-ready",
    orderId,
    orderNumber: number,
    shop: "Squeeze Anaheim",
    title: `Order ${number} is ready`,
    body: "Your drinks are waiting at Squeeze Anaheim.",
    url: `/orders/${orderId}`,
  };
  const worker = context.serviceWorkers().find((each) => each.url().endsWith("/sw.js"))!;
  expect(worker).toBeTruthy();
  const shown = () =>
    worker.evaluate(async () =>
      (await (self as unknown as WorkerScope).registration.getNotifications()).map((notification) => ({
        title: notification.title,
        body: notification.body,
        tag: notification.tag,
        url: (notification.data as { url: string }).url,
      })),
    );
  // Delivered again while nothing shows, as a push service retries: a freshly activated worker can miss
  // the first one on a busy machine. The order's tag keeps it to one notification however many arrive.
  await expect(async () => {
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin,
      registrationId: registrationId!,
      data: JSON.stringify(payload),
    });
    await expect.poll(shown, { timeout: 5_000 }).not.toEqual([]);
  }).toPass({ timeout: 30_000 });
  expect(await shown()).toEqual([
    { title: payload.title, body: payload.body, tag: `order-${orderId}`, url: payload.url },
  ]);

  // A tap: the browser's notificationclick, dispatched in the worker (a headless browser has no
  // notification to tap). The test collects what the worker waits on, as the browser would.
  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    const event = new scope.NotificationEvent("notificationclick", { notification: notification! });
    const pending: Promise<unknown>[] = [];
    Object.defineProperty(event, "waitUntil", { value: (promise: Promise<unknown>) => pending.push(promise) });
    scope.dispatchEvent(event);
    await Promise.all(pending);
  });
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Tell me when it’s ready" })).toBeVisible();
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});
