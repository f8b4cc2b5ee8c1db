import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, saveScreenshot } from "./support/a11y";
import { expect, expectToastShown, test } from "./support/fixtures";
import { fullChromium } from "./support/full-chromium";
import { signInOverHttp } from "./support/staff";

// The shopper is told once and clearly: on a phone the success dialog comes with the spec's toast,
// and nothing covers it; "Tell me when it's ready" is in the dialog, and a refusal (notifications
// blocked, or a browser that will not subscribe at all, as a private window) is said in words.

test.use({ viewport: { width: 390, height: 844 }, launchOptions: fullChromium });

/** Signed in, one drink in the cart, ordered to pay at pickup: answers the success dialog. */
async function orderOneDrink(page: Page, baseURL: string) {
  await signInOverHttp(page.context().request, baseURL, {
    name: "Tess Told",
    email: `tess-${randomUUID().slice(0, 8)}@example.com`,
  });
  await page.goto("/categories/cat-wellness-shots/products/prd-ginger-shot");
  await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Add to Cart" }).click();
  const cart = page.getByRole("dialog", { name: /cart/i });
  await cart.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await main.getByLabel("Phone number").fill("+1 714 555 0123");
  await main.getByRole("button", { name: "Checkout" }).click();
  const success = page.getByRole("dialog", { name: "Success!" });
  await expect(success).toContainText("Your order is placed, We will contact you as soon as possible.");
  return success;
}

/** Whether the two boxes share any pixel. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test("at 390×844 the toast and the success dialog never cover each other; the dialog offers Tell me when it's ready", async ({
  page,
  baseURL,
}, testInfo) => {
  const success = await orderOneDrink(page, baseURL!);
  await expectToastShown(page, "Success! Your order is placed");
  const shownToast = page.locator(".toast").filter({ hasText: "Success! Your order is placed" });
  await expect(shownToast).toBeVisible();
  const toastBox = (await shownToast.boundingBox())!;
  for (const part of [success.locator(".feedback__mark"), success.getByRole("heading", { name: "Success!" })]) {
    const box = (await part.boundingBox())!;
    expect(overlap(box, toastBox), "the toast over the dialog's mark or heading").toBe(false);
  }
  expect(overlap((await success.boundingBox())!, toastBox), "the toast over the dialog").toBe(false);
  // The follow-up says how we will contact the shopper, in keeping with the spec's sentence.
  await expect(success).toContainText("We will contact you by e-mail when it is ready");
  await expect(success).not.toContainText("No need to wait for a call");
  // Offered in the dialog itself, whatever the browser then answers.
  await expect(success.locator(".ready-notifications")).toBeVisible();
  await saveScreenshot(page, "order-success-dialog", { fullPage: false });
  await expectNoSeriousA11yViolations(page, "order-success-390", testInfo, { within: '[role="dialog"]' });
});

test("notifications blocked, then a browser that will not subscribe: each said in plain words", async ({
  page,
  baseURL,
}) => {
  // Blocked: the browser's answer to the question is no.
  await page.addInitScript(() => {
    Object.defineProperty(Notification, "permission", { get: () => "default", configurable: true });
    Notification.requestPermission = async () => "denied";
  });
  let success = await orderOneDrink(page, baseURL!);
  await success.getByRole("button", { name: "Tell me when it’s ready" }).click();
  await expect(
    success.getByRole("status").filter({ hasText: "Notifications are blocked for this site" }),
  ).toBeVisible();
  await expect(success).not.toContainText("Registration failed");

  // Allowed, but the browser will not subscribe, as a private window answers: said so, in other words.
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await context.grantPermissions(["notifications"], { origin: new URL(baseURL!).origin });
  await context.addInitScript(() => {
    PushManager.prototype.subscribe = () =>
      Promise.reject(new DOMException("Registration failed - permission denied", "NotAllowedError"));
  });
  const privatePage = await context.newPage();
  success = await orderOneDrink(privatePage, baseURL!);
  // The subscription is asked of the installed service worker: let the first install finish.
  await expect
    .poll(() => privatePage.evaluate(async () => (await navigator.serviceWorker.ready).active?.state ?? null), {
      timeout: 60_000,
    })
    .toBe("activated");
  await success.getByRole("button", { name: "Tell me when it’s ready" }).click();
  await expect(
    success.getByRole("status").filter({ hasText: "This browser would not turn notifications on" }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(success).not.toContainText("Registration failed");
  await expect(success).not.toContainText("Notifications are blocked");
  await saveScreenshot(privatePage, "order-success-cannot-subscribe", { fullPage: false });
  await context.close();
});
