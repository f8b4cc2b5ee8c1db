import { saveScreenshot } from "./support/a11y";
import { signInThroughModal, uniqueShopper } from "./support/auth";
import { BARISTA, signInOverHttp } from "./support/staff";
import { expect, header, recordToasts, test } from "./support/fixtures";

// The shop's state reaching shoppers: the barista marks a drink sold out and pauses online
// orders on the board's Menu tab, and a shopper with the menu already open sees both within
// 30 seconds, without reloading, and cannot order. This spec changes the shop for everyone,
// so it has a server of its own (scripts/e2e.mjs, playwright.config.ts).

const WITHIN_30_SECONDS = { timeout: 30_000 };

// Both journeys change the one shop: one after the other (a pause would refuse the other's order).
test.describe.configure({ mode: "serial" });

test("a drink sold out and a pause on the board reach a shopper's open menu and checkout", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);

  // The shopper signs in and leaves the smoothies open.
  const shopper = uniqueShopper("Waiting");
  await page.goto("/menu?category=smoothies");
  await header(page).getByRole("button", { name: "Sign in" }).click();
  await signInThroughModal(page, "Google", shopper);
  const berryCard = page.locator(".product-card").filter({ hasText: "Berry Blast" });
  await expect(berryCard).toBeVisible();
  await expect(berryCard.getByText("Sold out")).toHaveCount(0);

  // The barista, on a tablet of their own, opens the Menu tab of the board.
  const tablet = await browser.newContext({ viewport: { width: 1180, height: 820 } });
  await recordToasts(tablet);
  const board = await tablet.newPage();
  try {
    await signInOverHttp(tablet.request, baseURL!, BARISTA);
    await board.goto("/staff/menu");
    const berryToggle = board.getByRole("button", { name: "Berry Blast: available" });
    await berryToggle.click();
    await expect(board.getByRole("button", { name: "Berry Blast: sold out" })).toHaveAttribute("aria-pressed", "true");
    await expect(board.getByRole("status").filter({ hasText: "Berry Blast marked sold out." })).toBeVisible();
    await saveScreenshot(board, "staff-menu");

    // The open menu marks it, with no reload.
    await expect(berryCard.getByText("Sold out")).toBeVisible(WITHIN_30_SECONDS);

    // Its page cannot add it.
    await page.goto("/categories/cat-smoothies/products/prd-berry-blast");
    await expect(page.getByRole("button", { name: "Add to Cart", exact: true })).toBeDisabled();

    // Another drink goes in the cart; then the barista pauses online orders.
    await page.goto("/categories/cat-fresh-juices/products/prd-sunrise-orange");
    // Taps before the app has taken over are early-taps.spec.ts's; this journey is about the shop's state.
    await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await page.getByRole("dialog", { name: "Cart" }).getByRole("button", { name: "Checkout" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Pickup time" })).toBeVisible();

    await board.getByRole("button", { name: "Pause online orders for 15 minutes" }).click();
    await expect(board.getByText(/^Paused until \d{1,2}:\d{2} [AP]M/)).toBeVisible();

    // The shopper's page says so within 30 seconds and holds the checkout before anything is filled in.
    await expect(header(page).getByText(/Online ordering is paused, back at \d{1,2}:\d{2} [AP]M/)).toBeVisible(
      WITHIN_30_SECONDS,
    );
    await expect(page.getByRole("heading", { name: "We are not taking orders right now" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Checkout" })).toHaveCount(0);
    await saveScreenshot(page, "checkout-paused");

    // Whatever a page shows, the server refuses too.
    const refused = await page.request.post("/api/orders", {
      data: { lines: [{ productId: "prd-sunrise-orange", size: "small", quantity: 1 }], phone: "+1 714 555 0100" },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error.code).toBe("ordering_paused");

    // The barista resumes and takes the drink back with the one-tap undo.
    await board.getByRole("button", { name: "Resume online orders" }).click();
    await expect(board.getByText("Taking online orders.")).toBeVisible();
    await board.getByRole("button", { name: "Berry Blast: sold out" }).click();
    await board.getByRole("button", { name: "Undo" }).click();
    await expect(board.getByRole("button", { name: "Berry Blast: sold out" })).toBeVisible();
    await board.getByRole("button", { name: "Berry Blast: sold out" }).click();
    await expect(board.getByRole("button", { name: "Berry Blast: available" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "We are not taking orders right now" })).toBeHidden(
      WITHIN_30_SECONDS,
    );
  } finally {
    // Leave the shop as the other journeys expect it, even when an assertion failed.
    await board.request.post("/api/staff/availability/resume", { data: {} }).catch(() => undefined);
    await board.request
      .post("/api/staff/availability/sold-out", { data: { productId: "prd-berry-blast", size: "all", soldOut: false } })
      .catch(() => undefined);
    await tablet.close();
  }
});

test("oat milk marked sold out on the Menu tab: a shopper's checkout flags the line, the drink page and the server refuse it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);

  // The shopper puts a Berry Blast with oat milk in the cart and opens the checkout.
  const shopper = uniqueShopper("Oat milk");
  await page.goto("/categories/cat-smoothies/products/prd-berry-blast");
  await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
  const milk = page.getByRole("main").getByRole("group", { name: "Milk Choose 1" });
  await milk.getByRole("radio", { name: "Oat milk +$0.50" }).check();
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await signInThroughModal(page, "Google", shopper);
  await page.getByRole("dialog", { name: "Cart" }).getByRole("button", { name: "Checkout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  const line = page.getByRole("main").getByRole("listitem").filter({ hasText: "Berry Blast" });
  await expect(line).toContainText("Oat milk (+$0.50)");

  const tablet = await browser.newContext({ viewport: { width: 1180, height: 820 } });
  await recordToasts(tablet);
  const board = await tablet.newPage();
  try {
    // The barista runs out of oat milk.
    await signInOverHttp(tablet.request, baseURL!, BARISTA);
    await board.goto("/staff/menu");
    const addOns = board.getByRole("region", { name: "Add-ons" });
    await addOns.getByRole("button", { name: "Oat milk (Milk): available" }).click();
    await expect(addOns.getByRole("button", { name: "Oat milk (Milk): sold out" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(board.getByRole("status").filter({ hasText: "Oat milk marked sold out." })).toBeVisible();
    await addOns.scrollIntoViewIfNeeded();
    await saveScreenshot(board, "staff-menu-add-ons", { fullPage: false });

    // The open checkout flags the line within 30 seconds, with no reload.
    await expect(line.getByRole("alert")).toHaveText(
      "Oat milk is sold out today: remove the drink and choose it again with another option",
      WITHIN_30_SECONDS,
    );

    // Whatever a page shows, the server refuses the option too, naming it.
    const refused = await page.request.post("/api/orders", {
      data: {
        lines: [{ productId: "prd-berry-blast", size: "small", quantity: 1, modifierIds: ["opt-milk-oat"] }],
        phone: "+1 714 555 0100",
      },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error).toMatchObject({ code: "sold_out", field: "lines.0.modifierIds.0" });

    // The drink page offers it no more.
    await page.goto("/categories/cat-smoothies/products/prd-berry-blast");
    const oat = page.getByRole("main").getByRole("radio", { name: "Oat milk Sold out today" });
    await expect(oat).toHaveAttribute("aria-disabled", "true");
    await expect(milk.getByRole("radio", { name: "Dairy milk" })).toBeChecked();

    // Undo puts it back.
    await board.getByRole("button", { name: "Undo" }).click();
    await expect(addOns.getByRole("button", { name: "Oat milk (Milk): available" })).toBeVisible();
  } finally {
    await board.request
      .post("/api/staff/availability/option-sold-out", { data: { optionId: "opt-milk-oat", soldOut: false } })
      .catch(() => undefined);
    await tablet.close();
  }
});
