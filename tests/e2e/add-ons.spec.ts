import { expectNoSeriousA11yViolations, saveScreenshot } from "./support/a11y";
import { signInThroughModal, uniqueShopper } from "./support/auth";
import { waitForEmail } from "./support/emails";
import { expect, test } from "./support/fixtures";
import { baristaOnTheBoard } from "./support/staff";

// A smoothie made the shopper's way: oat milk and two boosts, priced as they choose, a 15% tip,
// ordered, the e-mail and My orders name them, Order again puts the same smoothie back in the
// cart, and the barista's board names every choice and the tip.

const CHOICES = "Oat milk (+$0.50), Protein (+$1.00), Spirulina (+$0.75)";

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a smoothie with oat milk and two boosts and a 15% tip: the price grows, the order is placed, the board shows the choices", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const shopper = uniqueShopper("Add-ons");
    await page.goto("/categories/cat-smoothies/products/prd-berry-blast");
    await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
    const main = page.getByRole("main");

    // Each group is a fieldset with its rule; the milk starts at its default, the boosts empty.
    const milk = main.getByRole("group", { name: "Milk Choose 1" });
    const boosts = main.getByRole("group", { name: "Boosts Up to 3" });
    await expect(milk.getByRole("radio", { name: "Dairy milk" })).toBeChecked();
    // Each option says what it adds to the price, in its accessible name too.
    await expect(milk.getByRole("radio", { name: "Oat milk +$0.50" })).not.toBeChecked();
    await expect(boosts.getByRole("checkbox")).toHaveCount(5);
    const total = main.getByTestId("drink-total");
    await expect(total).toContainText("$5.99");

    await milk.getByRole("radio", { name: /Oat milk/ }).check();
    await expect(total).toContainText("$6.49");
    await boosts.getByRole("checkbox", { name: /Protein/ }).check();
    await boosts.getByRole("checkbox", { name: /Spirulina/ }).check();
    await expect(total).toContainText("$8.24");
    await boosts.getByRole("checkbox", { name: /Collagen/ }).check();
    // The group is full: the boosts left are out of reach until one is unticked.
    await expect(boosts.getByRole("checkbox", { name: /Chia seeds/ })).toBeDisabled();
    await boosts.getByRole("checkbox", { name: /Collagen/ }).uncheck();
    await expect(boosts.getByRole("checkbox", { name: /Chia seeds/ })).toBeEnabled();
    await expect(total).toContainText("$8.24");
    await expectNoSeriousA11yViolations(page, "drink page with add-ons", testInfo);
    await saveScreenshot(page, "add-ons-drink-page");

    // One thumb from Add to Cart: the buy bar comes once the page's own buttons have scrolled away.
    const bar = page.getByTestId("buy-bar");
    await page.getByRole("heading", { name: /Frequently/ }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 400);
    await expect(bar).toBeVisible();
    await saveScreenshot(page, "add-ons-buy-bar", { fullPage: false });
    await bar.getByRole("button", { name: "Add to Cart · $8.24" }).click();
    await signInThroughModal(page, "Google", shopper);

    const cart = page.getByRole("dialog", { name: "Cart" });
    const line = cart.getByRole("listitem");
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(CHOICES);
    await expect(line).toContainText("$8.24");
    await expect(cart.getByTestId("cart-total")).toHaveText("$8.24");
    await expect(
      cart.getByLabel("Quantity of Berry Blast (Small) with Oat milk, Protein, Spirulina", { exact: true }),
    ).toHaveText("1");

    await cart.getByRole("button", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(main.getByRole("listitem").filter({ hasText: "Berry Blast" })).toContainText(CHOICES);
    await expect(main.getByTestId("checkout-total")).toHaveText("$8.24");
    // 15% of $8.24 is $1.236: $1.24, a row of its own, paid at the counter with the drinks.
    const tip = main.getByRole("group", { name: "Tip" });
    await tip.getByRole("radio", { name: "15% ($1.24)" }).check();
    await expect(main.getByTestId("checkout-tip")).toHaveText("$1.24");
    await expect(main.getByTestId("checkout-total")).toHaveText("$9.48");
    await expect(tip).toContainText("The tip is part of what you pay at the counter.");
    await expectNoSeriousA11yViolations(page, "checkout with a tip", testInfo);
    await saveScreenshot(page, "add-ons-checkout-tip");
    await main.getByLabel("Phone number").fill("+1 714 555 0142");
    await main.getByRole("button", { name: "Checkout" }).click();
    const success = page.getByRole("dialog", { name: "Success!" });
    await expect(success).toBeVisible();
    await success.getByRole("button", { name: "Thanks" }).click();

    // My orders names the choices; so does the customer's e-mail.
    await page.goto("/orders");
    const order = main.getByRole("article").first();
    await expect(order).toContainText("Berry Blast");
    await expect(order).toContainText(CHOICES);
    await expect(order.getByTestId("order-tip")).toContainText("$1.24");
    await expect(order).toContainText("$9.48");
    await waitForEmail({ to: shopper.email, contains: ["Berry Blast", CHOICES, "Tip", "$1.24", "$9.48"] });

    // Order again: the same smoothie, the same choices, back in the cart at today's price.
    await order.getByRole("button", { name: "Order again" }).click();
    await expect(order.getByTestId("order-again-outcome")).toContainText("Added 1 drink to your cart");
    await expect(cart.getByRole("listitem")).toHaveCount(1);
    await expect(cart.getByRole("listitem")).toContainText(CHOICES);
    await expect(cart.getByTestId("cart-total")).toHaveText("$8.24");
    await page.keyboard.press("Escape");

    // The barista makes it from the board: every choice on the ticket.
    const board = await baristaOnTheBoard(browser, baseURL!);
    const ticket = board.getByRole("article").filter({ hasText: shopper.name });
    await expect(ticket).toContainText("Berry Blast");
    await expect(ticket).toContainText("Oat milk, Protein, Spirulina");
    await expect(ticket).toContainText("Tip $1.24");
    await saveScreenshot(board, "add-ons-board-ticket");
    await board.context().close();
  });
});
