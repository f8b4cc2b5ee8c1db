import type { Locator, Page } from "@playwright/test";
import { authModal, signInThroughModal, uniqueShopper } from "./support/auth";
import { expect, expectToastShown, header, test } from "./support/fixtures";

// What a session keeps and forgets, the header's menus, and the whole shop by keyboard alone.

async function signInAndAddSunrise(page: Page) {
  const shopper = uniqueShopper("Session");
  await page.goto("/categories/cat-fresh-juices/products/prd-sunrise-orange");
  await page.getByRole("main").getByRole("button", { name: "Add to Cart" }).click();
  await signInThroughModal(page, "Google", shopper);
  const cart = page.getByRole("dialog", { name: "Cart" });
  await expect(cart.getByRole("listitem")).toHaveCount(1);
  await cart.getByRole("button", { name: "Close cart" }).click();
  return shopper;
}

test("a reload keeps the shopper and the cart; logout clears both", async ({ page }) => {
  const shopper = await signInAndAddSunrise(page);
  const account = header(page).getByRole("button", { name: `Account menu for ${shopper.name}` });

  await page.reload();
  await expect(account).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Cart, 1 item" })).toBeVisible();

  // The dropdown closes on a click outside and on Escape.
  await account.click();
  const logout = header(page).getByRole("button", { name: "Logout" });
  await expect(logout).toBeVisible();
  await page.getByRole("main").click({ position: { x: 5, y: 5 } });
  await expect(logout).toBeHidden();
  await account.click();
  await expect(logout).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(logout).toBeHidden();
  await expect(account).toBeFocused();

  await account.click();
  await logout.click();
  await expectToastShown(page, "Logged out successfully");
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Cart, empty" })).toBeVisible();

  // Gone on the server too, and nothing of it left in the browser's storage.
  const me = await page.request.get("/api/me");
  expect((await me.json()).isAuthenticated).toBe(false);
  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
  expect(stored).not.toContain(shopper.email);
  expect(stored).not.toContain("Sunrise Orange");
  await page.reload();
  await expect(header(page).getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Cart, empty" })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the burger opens the mobile menu, a link closes it, and it folds away above 1024 px", async ({ page }) => {
    await page.goto("/");
    const burger = header(page).getByRole("button", { name: "Open menu" });
    const mobileMenu = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileMenu).toBeHidden();
    await burger.click();
    await expect(mobileMenu).toBeVisible();
    await expect(header(page).getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    for (const link of ["Home", "About Us", "Menu", "Contact Us", "Franchise"]) {
      await expect(mobileMenu.getByRole("link", { name: link, exact: true })).toBeVisible();
    }
    await mobileMenu.getByRole("link", { name: "Menu", exact: true }).click();
    await expect(page).toHaveURL(/\/menu/);
    await expect(mobileMenu).toBeHidden();

    await burger.click();
    await expect(mobileMenu).toBeVisible();
    await page.setViewportSize({ width: 1025, height: 844 });
    await expect(mobileMenu).toBeHidden();
    // (The burger itself is hidden at this width; back on a phone it is closed, not reopened.)
    await expect(header(page).locator("button[aria-controls='mobile-menu']")).toHaveAttribute("aria-expanded", "false");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(header(page).getByRole("button", { name: "Open menu" })).toBeVisible();
    await expect(mobileMenu).toBeHidden();
  });
});

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it is never reached. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  await expect(target, `reachable with the keyboard within ${max} presses`).toBeFocused();
}

/** Tabs through `presses` stops and checks that the focus never leaves `dialog`. */
async function expectFocusTrapped(page: Page, dialog: Locator, presses = 12) {
  for (let press = 0; press < presses; press += 1) {
    await page.keyboard.press(press % 3 === 2 ? "Shift+Tab" : "Tab");
    expect(
      await dialog.evaluate((element) => element.contains(document.activeElement)),
      "focus stays in the dialog",
    ).toBe(true);
  }
}

test("by keyboard alone: sign in, fill the cart, check out; Escape closes every dialog", async ({ page }) => {
  const shopper = uniqueShopper("Keyboard");
  await page.goto("/");

  // The auth modal: opens on Enter, keeps focus inside, Escape closes it and focus goes back.
  const signInButton = header(page).getByRole("button", { name: "Sign in" });
  await tabTo(page, signInButton);
  await page.keyboard.press("Enter");
  const modal = authModal(page);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("button", { name: "Sign in with Google" })).toBeFocused();
  await expectFocusTrapped(page, modal);
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
  await expect(signInButton).toBeFocused();

  // Sign in with the keyboard (the stand-in popup is another window, filled as usual).
  await page.keyboard.press("Enter");
  await expect(modal).toBeVisible();
  await tabTo(page, modal.getByRole("button", { name: "Sign in with Apple" }));
  const popupOpened = page.waitForEvent("popup");
  await page.keyboard.press("Enter");
  const popup = await popupOpened;
  const someoneElse = popup.getByRole("group", { name: "Someone else" });
  await someoneElse.getByLabel("Name", { exact: true }).fill(shopper.name);
  await someoneElse.getByLabel("E-mail", { exact: true }).fill(shopper.email);
  await someoneElse.getByLabel("E-mail", { exact: true }).press("Enter");
  await expectToastShown(page, "Logged in with Apple!");
  await expect(modal).toBeHidden();

  // A drink into the cart: Add to Cart opens the drawer; plus by keyboard; Escape returns focus.
  await page.goto("/categories/cat-smoothies/products/prd-berry-blast");
  const main = page.getByRole("main");
  const addToCart = main.getByRole("button", { name: "Add to Cart" });
  await tabTo(page, addToCart);
  await page.keyboard.press("Enter");
  const cart = page.getByRole("dialog", { name: "Cart" });
  await expect(cart).toBeVisible();
  await expect(cart).toContainText("Berry Blast");
  await expectFocusTrapped(page, cart);
  const plus = cart.getByRole("button", { name: "Increase quantity of Berry Blast (Small)" });
  await tabTo(page, plus);
  await page.keyboard.press("Space");
  await expect(cart.getByLabel("Quantity of Berry Blast (Small)", { exact: true })).toHaveText("2");
  await expect(cart.getByTestId("cart-total")).toHaveText("$11.98");
  await page.keyboard.press("Escape");
  await expect(cart).toBeHidden();
  await expect(addToCart).toBeFocused();

  // The header's cart icon, then Checkout from the drawer.
  const cartButton = header(page).getByRole("button", { name: "Cart, 2 items" });
  await tabTo(page, cartButton, { backwards: true });
  await page.keyboard.press("Enter");
  await expect(cart).toBeVisible();
  await tabTo(page, cart.getByRole("button", { name: "Checkout" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout$/);

  // The user dropdown opens on Enter and closes on Escape.
  const account = header(page).getByRole("button", { name: `Account menu for ${shopper.name}` });
  await tabTo(page, account, { backwards: true });
  await page.keyboard.press("Enter");
  await expect(header(page).getByRole("button", { name: "Logout" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(header(page).getByRole("button", { name: "Logout" })).toBeHidden();

  // Checkout by keyboard; the success modal takes the focus and Escape closes it.
  await tabTo(page, main.getByRole("textbox", { name: "Phone number" }));
  await page.keyboard.type("+1 714 555 0142");
  await page.keyboard.press("Enter");
  const success = page.getByRole("dialog", { name: "Success!" });
  await expect(success).toBeVisible();
  // The focus is in the modal (the loading modal it replaced had it), one Tab from Thanks.
  expect(await success.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await tabTo(page, success.getByRole("button", { name: "Thanks" }), { max: 3 });
  await page.keyboard.press("Escape");
  await expect(success).toBeHidden();
  await expect(page).toHaveURL(/\/menu/);
});
