import type { Browser } from "@playwright/test";
import { expectNoSeriousA11yViolations, saveScreenshot } from "./support/a11y";
import { signInThroughModal, uniqueShopper } from "./support/auth";
import { waitForEmail } from "./support/emails";
import { expect, header, test } from "./support/fixtures";
import { baristaOnTheBoard, column, orderNumberOf } from "./support/staff";

// Three browsers: a shopper finds the shop nearest a ZIP code, picks Fullerton, orders there at
// Fullerton's price; Fullerton's barista sees the order and takes it to Ready, which the
// shopper's page follows, while Anaheim's board never shows it.

const FULLERTON_BARISTA = { name: "Frankie Fullerton", email: "barista.fullerton@example.com" };
const FULLERTON_INBOX = "fullerton@squeeze-juice.example"; // seed/locations.sql

/** Fullerton's barista on Fullerton's board: the one shop they belong to. */
async function fullertonBoard(browser: Browser, baseURL: string) {
  return baristaOnTheBoard(browser, baseURL, { width: 1024, height: 768 }, FULLERTON_BARISTA);
}

test("a shopper picks Fullerton by ZIP code and orders there; Fullerton's board has it, Anaheim's does not, and the shopper's page follows it to Ready", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const fullerton = await fullertonBoard(browser, baseURL!);
  const anaheim = await baristaOnTheBoard(browser, baseURL!, { width: 1024, height: 768 });

  // The shops, nearest first from a Fullerton ZIP code.
  await page.goto("/locations");
  const main = page.getByRole("main");
  await expect(main.getByRole("article")).toHaveCount(3);
  await main.getByLabel("Sort by distance from a ZIP code").fill("92832");
  await main.getByRole("button", { name: "Sort", exact: true }).click();
  await expect(main.getByText("Nearest first from 92832")).toBeVisible();
  await expect(main.getByRole("article").first()).toHaveAccessibleName("Squeeze Fullerton");
  await expect(main.getByRole("article").last()).toHaveAccessibleName("Squeeze Scottsdale");
  await expectNoSeriousA11yViolations(page, "locations", test.info());
  await saveScreenshot(page, "locations");
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, "locations");
  await page.setViewportSize({ width: 1440, height: 900 });
  await main.getByRole("button", { name: "Choose this shop: Squeeze Fullerton" }).click();
  await expect(header(page).getByRole("button", { name: /^Your shop: Squeeze Fullerton/ })).toBeVisible();

  // Fullerton's own price for a medium Sunrise Orange, from the drink page to the checkout.
  await page.goto("/categories/cat-fresh-juices/products/prd-sunrise-orange");
  await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
  const medium = main.getByRole("button", { name: /^Medium/ });
  await expect(medium).toContainText("$7.49");
  await medium.click();
  await main.getByRole("button", { name: "Add to Cart" }).click();
  const shopper = uniqueShopper("Google");
  await signInThroughModal(page, "Google", shopper);
  const cart = page.getByRole("dialog", { name: "Cart" });
  await expect(cart.getByTestId("cart-total")).toHaveText("$7.49");
  await cart.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(main).toContainText("Squeeze Fullerton");
  await expect(main.getByTestId("checkout-total")).toHaveText("$7.49");
  await saveScreenshot(page, "checkout-at-fullerton");
  await main.getByLabel("Phone number").fill("+1 714 555 0142");
  await main.getByRole("button", { name: "Checkout" }).click();
  const success = page.getByRole("dialog", { name: "Success!" });
  await expect(success).toBeVisible();
  await success.getByRole("link", { name: "View order" }).click();
  await expect(page).toHaveURL(/\/orders\/[\w-]+$/);
  const orderId = page.url().split("/").pop()!;
  const number = orderNumberOf(orderId);
  await expect(main).toContainText("Squeeze Fullerton");
  await saveScreenshot(page, "order-at-fullerton", { fullPage: false });

  // Fullerton's board has it at once; Anaheim's never does.
  const ticket = column(fullerton, "New").getByRole("article", { name: number });
  await expect(ticket).toBeVisible({ timeout: 10_000 });
  await ticket.getByRole("button", { name: "Start" }).click();
  await column(fullerton, "Preparing")
    .getByRole("article", { name: number })
    .getByRole("button", { name: "Ready" })
    .click();
  await expect(column(fullerton, "Ready").getByRole("article", { name: number })).toBeVisible();
  await expect(main.locator('[aria-current="step"]')).toHaveText("Ready", { timeout: 10_000 });
  await anaheim.reload();
  await expect(anaheim.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 30_000 });
  await expect(anaheim.getByRole("article", { name: number })).toHaveCount(0);

  // The order's e-mail went to Fullerton's inbox.
  await waitForEmail({ to: FULLERTON_INBOX, contains: [shopper.email, "Sunrise Orange", "$7.49"] });
  await Promise.all([fullerton.context().close(), anaheim.context().close()]);
});
