import type { Page } from "@playwright/test";
import { saveScreenshot } from "./support/a11y";
import { signInThroughModal, uniqueShopper } from "./support/auth";
import { expect, header, test } from "./support/fixtures";

// What a shopper typed at checkout stays, and what the shop then tells them stays true: on a
// phone, a new number, a tip and a time ahead survive a reload although the account already has
// another number; the order placed for tomorrow says when and where to pick it up, on the shop's
// clock, naming it, since this phone's clock is set to another time zone.

const ACCOUNT_PHONE = "+1 714 555 0123";
const NEW_PHONE = "+1 657 555 0199";

async function orderNow(page: Page) {
  await page.goto("/categories/cat-lemonades/products/prd-pink-lemonade");
  await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
  await page.getByRole("main").getByRole("button", { name: "Order Now" }).click();
}

/** Pictures at the phone's width and a wide screen's (with E2E_SCREENSHOTS=1; nothing otherwise). */
async function pictures(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  await saveScreenshot(page, name, options);
  const phone = page.viewportSize()!;
  await page.setViewportSize({ width: 1440, height: 900 });
  await saveScreenshot(page, name, options);
  await page.setViewportSize(phone);
}

test.describe("on a phone", () => {
  // A shopper away from home: the phone's clock is three hours ahead of the shop's.
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: "America/New_York" });

  test("a new phone, a tip and a time ahead survive a reload; the order for tomorrow says when and where", async ({
    page,
  }) => {
    const shopper = uniqueShopper("Draft");
    const main = page.getByRole("main");
    const phone = main.getByLabel("Phone number");

    // A first order gives the account its phone number.
    await orderNow(page);
    await signInThroughModal(page, "Google", shopper);
    await expect(page).toHaveURL(/\/checkout$/);
    await phone.fill(ACCOUNT_PHONE);
    await main.getByRole("button", { name: "Checkout" }).click();
    const success = page.getByRole("dialog", { name: "Success!" });
    await expect(success).toContainText("Your order is placed, We will contact you as soon as possible.");
    await success.getByRole("button", { name: "Thanks" }).click();

    // The next checkout starts from it; the shopper types another, a tip and a time tomorrow.
    await orderNow(page);
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(phone).toHaveValue(ACCOUNT_PHONE);
    await phone.fill(NEW_PHONE);
    const tip = main.getByRole("group", { name: "Tip" });
    await tip.getByRole("radio", { name: /^15%/ }).check();
    await main.getByRole("radio", { name: "Pick a day and time" }).check();
    await main.getByRole("combobox", { name: "Day" }).selectOption({ label: "Tomorrow" });
    const slot = main.getByRole("combobox", { name: "Pickup slot" });
    await slot.selectOption({ index: 4 });
    const chosenTime = (await slot.locator("option:checked").textContent())!.trim();
    await expect(main.getByTestId("pickup-clock")).toHaveText("Times are Pacific Time, the shop's clock.");

    // A reload: the session answers with the account's number, and the typed one stays.
    const sessionAnswered = page.waitForResponse((response) => response.url().endsWith("/api/me"));
    await page.reload();
    await sessionAnswered;
    await expect(phone).toHaveValue(NEW_PHONE);
    await expect(tip.getByRole("radio", { name: /^15%/ })).toBeChecked();
    await expect(main.getByRole("radio", { name: "Pick a day and time" })).toBeChecked();
    await expect(main.getByRole("combobox", { name: "Day" }).locator("option:checked")).toHaveText("Tomorrow");
    await expect(slot.locator("option:checked")).toHaveText(chosenTime);
    // Still so a moment later, once the shop's state and the days ahead have answered too.
    await page.waitForTimeout(500);
    await expect(phone).toHaveValue(NEW_PHONE);
    await pictures(page, "checkout-kept-after-reload");

    // Ordered for tomorrow: the spec's words, then when and where, and the tip among the facts.
    await main.getByRole("button", { name: "Checkout" }).click();
    await expect(success).toContainText("Your order is placed, We will contact you as soon as possible.");
    await expect(success).toContainText(
      new RegExp(`Pick it up at .+, tomorrow \\(\\w{3}, \\w{3} \\d+\\) at ${chosenTime} Pacific Time\\.`),
    );
    await expect(success).toContainText("We will contact you by e-mail when it is ready");
    await expect(success.getByRole("term").filter({ hasText: "Tip" })).toBeVisible();
    await pictures(page, "order-ahead-success", { fullPage: false });
    await success.getByRole("link", { name: "View order" }).click();
    await expect(page).toHaveURL(/\/orders\/[\w-]+$/);
    // The order knows its shop: with several shops, its times say whose clock they are.
    await expect(main.getByTestId("order-time")).toContainText(`${chosenTime} Anaheim time`);
    await expect(main.getByTestId("order-placed")).toContainText("Anaheim time");
    await pictures(page, "order-ahead-page");

    // The next order starts without the tip and the time chosen for this one, with the new number.
    await orderNow(page);
    await expect(phone).toHaveValue(NEW_PHONE);
    await expect(tip.getByRole("radio", { name: "No tip" })).toBeChecked();
    await expect(header(page)).toBeVisible();
  });
});
