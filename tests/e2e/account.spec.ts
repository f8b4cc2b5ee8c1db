import { expectNoSeriousA11yViolations, saveScreenshot } from "./support/a11y";
import { authModal, signInThroughModal, uniqueShopper } from "./support/auth";
import { expect, header, test } from "./support/fixtures";

// A shopper on a phone: My account asks a guest to sign in, then shows who they are signed in as
// and their stamp card, and the account menu leads back to it from any page.

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("My account asks a guest to sign in, then shows the shopper's details and stamp card from the account menu", async ({
    page,
  }, testInfo) => {
    const shopper = uniqueShopper("Account");
    const main = page.getByRole("main");

    const response = await page.goto("/account");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("My account · Squeeze");
    await expect(main.getByText("Sign in to see your account and your stamp card.")).toBeVisible();
    await main.getByRole("button", { name: "Sign in" }).click();
    await expect(authModal(page)).toBeVisible();
    await signInThroughModal(page, "Google", shopper);

    await page.goto("/menu");
    await header(page)
      .getByRole("button", { name: `Account menu for ${shopper.name}` })
      .click();
    await header(page).getByRole("link", { name: "My account" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(main.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
    const details = main.getByTestId("account-details");
    await expect(details).toContainText(shopper.name);
    await expect(details).toContainText(shopper.email);
    const card = main.getByTestId("stamp-card");
    await expect(card.getByRole("img", { name: "0 of 9 stamps toward A free drink" })).toBeVisible();
    await expect(card).toContainText("No stamps yet: every drink you pick up adds one.");
    await expectNoSeriousA11yViolations(page, "my account", testInfo);

    await saveScreenshot(page, "my-account");
    if (process.env.E2E_SCREENSHOTS === "1") {
      await page.setViewportSize({ width: 1440, height: 900 });
      await saveScreenshot(page, "my-account");
    }
  });
});
