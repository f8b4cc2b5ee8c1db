import type { Page } from "@playwright/test";
import { signInThroughModal, uniqueShopper } from "./support/auth";
import { expect, header, test } from "./support/fixtures";

// A landing page (home, menu, a drink) paints from its HTML well before the app's code has run on
// a phone. A tap in that moment is the shopper's, and is never lost: links work as links, and a
// tap on a button is kept and played once the app listens (common/early-taps.ts).

/** Holds back every script of the app until `release` is called: the page is drawn, its code has not run. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const SUNRISE_ORANGE = "/categories/cat-fresh-juices/products/prd-sunrise-orange";

test("a drink's size, quantity and note chosen before the app has run are the ones it adds to the cart", async ({
  page,
}) => {
  const release = await holdAppCode(page);
  await page.goto(SUNRISE_ORANGE, { waitUntil: "commit" });
  const main = page.getByRole("main");
  const sizes = main.getByRole("group", { name: "Size" });
  await expect(sizes.getByRole("button", { name: /^Large/ })).toBeVisible();
  await expect(page.locator("#root[data-hydrate]")).toHaveCount(1);

  await sizes.getByRole("button", { name: /^Large/ }).click();
  const more = main.getByRole("button", { name: "Increase quantity of Sunrise Orange" });
  await more.click();
  await more.click();
  const note = main.getByLabel("Add A Comment with Your Order");
  await note.pressSequentially("less ice");
  await expect(note).toHaveValue("less ice");
  // Nothing has answered yet: the page is still the HTML, with its first size.
  await expect(sizes.getByRole("button", { name: /^Small/ })).toHaveAttribute("aria-pressed", "true");

  release();
  await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
  await expect(sizes.getByRole("button", { name: /^Large/ })).toHaveAttribute("aria-pressed", "true");
  await expect(main.getByTestId("drink-price")).toContainText("$8.49");
  await expect(main.getByLabel("Quantity of Sunrise Orange", { exact: true })).toHaveText("3");
  await expect(note).toHaveValue("less ice");
  await expect(main.getByText("8/280 characters")).toBeVisible();

  await main.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await signInThroughModal(page, "Google", uniqueShopper("Early"));
  const cart = page.getByRole("dialog", { name: "Cart" });
  await expect(cart.getByLabel("Quantity of Sunrise Orange (Large, “less ice”)", { exact: true })).toHaveText("3");
});

test("Add to Cart tapped the moment the app takes over adds the size tapped before it", async ({ page }) => {
  // The shopper's next tap lands just as the app takes over, before the kept taps are played: it
  // waits its turn behind them instead of adding the drink as the HTML first showed it.
  await page.addInitScript(() => {
    let takeOver: (() => void) | undefined;
    Object.defineProperty(window, "squeezeEarlyTaps", {
      configurable: true,
      get: () =>
        takeOver &&
        (() => {
          takeOver!();
          const addToCart = Array.from(document.querySelectorAll("main button")).find(
            (button) => button.textContent?.trim() === "Add to Cart",
          ) as HTMLButtonElement | undefined;
          addToCart?.click();
        }),
      set: (value: () => void) => (takeOver = value),
    });
  });
  const release = await holdAppCode(page);
  await page.goto(SUNRISE_ORANGE, { waitUntil: "commit" });
  const sizes = page.getByRole("main").getByRole("group", { name: "Size" });
  await sizes.getByRole("button", { name: /^Large/ }).click();
  release();
  await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
  await signInThroughModal(page, "Google", uniqueShopper("Racing"));
  const cart = page.getByRole("dialog", { name: "Cart" });
  await expect(cart.getByLabel("Quantity of Sunrise Orange (Large)", { exact: true })).toHaveText("1");
  await expect(cart.getByRole("listitem")).toHaveCount(1);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const [name, path, heading] of [
    ["the home page", "/", "Fresh juice, squeezed for your day"],
    ["the menu", "/menu", "Our Menu"],
    // Not landing pages, but painted from the server's HTML all the same.
    ["the about page", "/about", "Pressing joy into every cup since 2017"],
    ["the checkout", "/checkout", "Checkout"],
  ] as const) {
    test(`on ${name}, the burger tapped before the app has run opens the mobile menu once it runs`, async ({
      page,
    }) => {
      const release = await holdAppCode(page);
      await page.goto(path, { waitUntil: "commit" });
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      await header(page).getByRole("button", { name: "Open menu" }).tap();
      release();
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
      await expect(header(page).getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
      await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
    });
  }
});

test("a link tapped before the app has run goes where it says", async ({ page }) => {
  const release = await holdAppCode(page);
  await page.goto(SUNRISE_ORANGE, { waitUntil: "commit" });
  await header(page).getByRole("link", { name: "Menu", exact: true }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByRole("heading", { name: "Our Menu", level: 1 })).toBeVisible();
  release();
  await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
});

test("a signed-in shopper's Add to Cart tapped before the app has run waits for the session check, not a sign-in", async ({
  page,
}) => {
  // Signed in on the server, but this browser's storage does not say so (as on a first visit
  // after signing in elsewhere): only GET /api/me can tell.
  await page.goto("/");
  await header(page).getByRole("button", { name: "Sign in" }).click();
  await signInThroughModal(page, "Google", uniqueShopper("Known"));
  await page.evaluate(() => localStorage.clear());

  const release = await holdAppCode(page);
  let answerSessionCheck!: () => void;
  const sessionCheckHeld = new Promise<void>((resolve) => (answerSessionCheck = resolve));
  await page.route("**/api/me", async (route) => {
    await sessionCheckHeld;
    await route.continue();
  });
  await page.goto(SUNRISE_ORANGE, { waitUntil: "commit" });
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Add to Cart", exact: true }).click();
  release();
  await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
  // The tap has been played and waits for the answer: no sign-in asked of a signed-in shopper.
  await expect(page.getByRole("dialog", { name: "Welcome" })).toHaveCount(0);

  answerSessionCheck();
  const cart = page.getByRole("dialog", { name: "Cart" });
  await expect(cart.getByLabel("Quantity of Sunrise Orange (Small)", { exact: true })).toHaveText("1");
  await expect(page.getByRole("dialog", { name: "Welcome" })).toHaveCount(0);
});
