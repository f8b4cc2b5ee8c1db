import type { Page, TestInfo } from "@playwright/test";
import { expectNoSeriousA11yViolations, saveScreenshot } from "./support/a11y";
import { authModal, signInThroughModal, uniqueShopper } from "./support/auth";
import { expect, header, test } from "./support/fixtures";

// Every page and every dialog, at a phone's and a desktop's size: axe finds no serious or
// critical accessibility violation, and a screenshot of each goes to artifacts/screenshots/.

const VIEWPORTS = [
  { name: "phone", size: { width: 390, height: 844 }, mobile: true },
  { name: "desktop", size: { width: 1440, height: 900 }, mobile: false },
] as const;

const GUEST_PAGES = [
  { name: "home", path: "/", ready: "Fresh juice" },
  { name: "about", path: "/about", ready: "2017" },
  { name: "menu", path: "/menu", ready: "Sunrise Orange" },
  { name: "menu-empty-category", path: "/menu?category=bubble-tea", ready: "No drinks in this category" },
  {
    name: "product",
    path: "/categories/cat-fresh-juices/products/prd-sunrise-orange",
    ready: "Add A Comment with Your Order",
  },
  { name: "product-not-found", path: "/categories/cat-fresh-juices/products/prd-nope", ready: "Product not found" },
  { name: "contact", path: "/contact", ready: "Send message" },
  { name: "partnership", path: "/partnership", ready: "Year 3" },
  { name: "orders-guest", path: "/orders", ready: "Sign in" },
  { name: "account-guest", path: "/account", ready: "Sign in" },
  { name: "login", path: "/login", ready: "" },
  { name: "not-found", path: "/no-such-page", ready: "" },
] as const;

/** Waits until the page has settled: its text is there and nothing is loading. */
async function settle(page: Page, ready: string) {
  // The landing pages arrive as the app's HTML, which it hydrates; the others with a frame the app replaces.
  await expect(page.locator(".prerendered-shell, #root[data-hydrate]")).toHaveCount(0);
  if (ready) await expect(page.getByText(ready).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function checkDialog(page: Page, name: string, testInfo: TestInfo) {
  await saveScreenshot(page, name, { fullPage: false });
  await expectNoSeriousA11yViolations(page, name, testInfo, { within: '[role="dialog"]' });
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} ${viewport.size.width}×${viewport.size.height}`, () => {
    test.use({ viewport: viewport.size, isMobile: viewport.mobile, hasTouch: viewport.mobile });

    for (const target of GUEST_PAGES) {
      test(`${target.name} (${target.path})`, async ({ page }, testInfo) => {
        await page.goto(target.path);
        await settle(page, target.ready);
        await saveScreenshot(page, target.name);
        await expectNoSeriousA11yViolations(page, target.name, testInfo);
      });
    }

    test("guest dialogs: the sign-in modal and the mobile menu", async ({ page }, testInfo) => {
      await page.goto("/");
      await settle(page, "Fresh juice");
      await header(page).getByRole("button", { name: "Sign in" }).click();
      await expect(authModal(page)).toBeVisible();
      await checkDialog(page, "dialog-auth", testInfo);
      await page.keyboard.press("Escape");
      if (viewport.mobile) {
        await header(page).getByRole("button", { name: "Open menu" }).click();
        await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
        await saveScreenshot(page, "mobile-menu", { fullPage: false });
        await expectNoSeriousA11yViolations(page, "mobile-menu", testInfo, { within: ".site-header" });
      }
    });

    test("signed in: cart drawer, user dropdown, checkout, feedback modal, My orders", async ({ page }, testInfo) => {
      const shopper = uniqueShopper(`Pages${viewport.name}`);
      await page.goto("/");
      await header(page).getByRole("button", { name: "Cart, empty" }).click();
      await signInThroughModal(page, "Google", shopper);
      const cart = page.getByRole("dialog", { name: "Cart" });
      await expect(cart).toContainText("Your cart is empty.");
      await checkDialog(page, "dialog-cart-empty", testInfo);
      await page.keyboard.press("Escape");

      await page.goto("/categories/cat-fresh-juices/products/prd-apple-ginger");
      // The app has taken over (early taps are early-taps.spec.ts's subject, not this journey's).
      await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
      await page.getByRole("main").getByRole("button", { name: "Large" }).click();
      await page.getByRole("main").getByLabel("Add A Comment with Your Order").fill("Extra ginger");
      await page.getByRole("main").getByRole("button", { name: "Add to Cart" }).click();
      await expect(cart.getByRole("listitem")).toHaveCount(1);
      await checkDialog(page, "dialog-cart", testInfo);
      await page.keyboard.press("Escape");

      await header(page)
        .getByRole("button", { name: `Account menu for ${shopper.name}` })
        .click();
      await expect(header(page).getByRole("button", { name: "Logout" })).toBeVisible();
      await saveScreenshot(page, "user-dropdown", { fullPage: false });
      await expectNoSeriousA11yViolations(page, "user-dropdown", testInfo, { within: ".site-header" });
      await page.keyboard.press("Escape");

      await page.goto("/checkout");
      await settle(page, "Order summary");
      await saveScreenshot(page, "checkout");
      await expectNoSeriousA11yViolations(page, "checkout", testInfo);

      // Delivery: an address instead of a pickup time, and the delivery window.
      const checkoutForm = page.getByRole("main");
      await checkoutForm.getByRole("radio", { name: /^Delivery/ }).check();
      await expect(checkoutForm.getByRole("group", { name: "Pickup time" })).toHaveCount(0);
      await expect(checkoutForm.getByTestId("delivery-time")).toContainText("60-90 minutes");
      await checkoutForm.getByLabel("Street address").fill("1200 W Lincoln Ave");
      await checkoutForm.getByLabel("ZIP code").fill("92805");
      await page.evaluate(() => window.scrollTo(0, 0)); // the header where a shopper sees it, at the top
      await saveScreenshot(page, "checkout-delivery");
      await expectNoSeriousA11yViolations(page, "checkout-delivery", testInfo);
      await checkoutForm.getByRole("radio", { name: "Pickup" }).check();

      await page.getByRole("main").getByRole("textbox", { name: "Phone number" }).fill("+1 714 555 0177");
      await page.getByRole("main").getByRole("button", { name: "Checkout" }).click();
      await expect(page.getByRole("dialog", { name: "Success!" })).toBeVisible();
      await checkDialog(page, "dialog-feedback-success", testInfo);
      await page.keyboard.press("Escape");

      await page.goto("/orders");
      await settle(page, "Apple Ginger Zing");
      await saveScreenshot(page, "orders");
      await expectNoSeriousA11yViolations(page, "orders", testInfo);
    });
  });
}
