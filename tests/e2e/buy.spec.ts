import { existsSync } from "node:fs";
import { authModal, signInThroughModal, uniqueShopper } from "./support/auth";
import { waitForEmail } from "./support/emails";
import { expect, expectToastShown, header, test } from "./support/fixtures";

// A shopper's purchase, start to finish, through the local sign-in stand-in (a real popup).

const SHOP_EMAIL = "orders@squeeze-juice.example"; // wrangler.toml [vars]
const SUCCESS_MESSAGE = "Your order is placed, We will contact you as soon as possible.";
const twoDecimals = /^\$\d+\.\d{2}$/;

test("a guest signs in with Google to add a drink, adjusts the cart, checks out and finds the order", async ({
  page,
}) => {
  const shopper = uniqueShopper("Google");
  await page.goto("/categories/cat-fresh-juices/products/prd-sunrise-orange");
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Medium" }).click();
  await main.getByLabel("Add A Comment with Your Order").fill("Less ice please");

  // A guest's Add to Cart asks them to sign in first; afterwards the drink is added.
  await main.getByRole("button", { name: "Add to Cart" }).click();
  await expect(authModal(page).getByRole("img", { name: "Squeeze" })).toBeVisible();
  await expect(authModal(page).getByRole("button", { name: "Sign in with Apple" })).toBeVisible();
  await signInThroughModal(page, "Google", shopper);

  const cart = page.getByRole("dialog", { name: "Cart" });
  await expect(cart).toBeVisible();
  const sunrise = "Sunrise Orange (Medium, “Less ice please”)";
  await expect(cart.getByRole("listitem").filter({ hasText: "Sunrise Orange" })).toContainText("$6.49");
  await expect(cart.getByRole("listitem").filter({ hasText: "Sunrise Orange" })).toContainText("Less ice please");
  await expect(cart.getByLabel(`Quantity of ${sunrise}`, { exact: true })).toHaveText("1");
  await expect(cart.getByRole("button", { name: `Decrease quantity of ${sunrise}` })).toBeDisabled();
  const total = cart.getByTestId("cart-total");
  await expect(total).toHaveText("$6.49");
  await expect(header(page).getByRole("button", { name: "Cart, 1 item" })).toBeVisible();

  // Plus and minus; minus is disabled again at 1.
  await cart.getByRole("button", { name: `Increase quantity of ${sunrise}` }).click();
  await expect(cart.getByLabel(`Quantity of ${sunrise}`, { exact: true })).toHaveText("2");
  await expect(total).toHaveText("$12.98");
  await cart.getByRole("button", { name: `Decrease quantity of ${sunrise}` }).click();
  await expect(cart.getByLabel(`Quantity of ${sunrise}`, { exact: true })).toHaveText("1");
  await expect(cart.getByRole("button", { name: `Decrease quantity of ${sunrise}` })).toBeDisabled();

  // A second drink (signed in now: straight into the cart), then removed again.
  await cart.getByRole("button", { name: "Close cart" }).click();
  await expect(cart).toBeHidden();
  await page.goto("/categories/cat-wellness-shots/products/prd-ginger-shot");
  // The app has taken over (early taps are early-taps.spec.ts's subject, not this journey's).
  await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
  await main.getByRole("button", { name: "Add to Cart" }).click();
  await expect(cart).toBeVisible();
  await expect(cart.getByRole("listitem")).toHaveCount(2);
  await expect(total).toHaveText("$9.98");
  await cart.getByRole("button", { name: "Remove Ginger Fire Shot (One size) from cart" }).click();
  await expect(cart.getByRole("listitem")).toHaveCount(1);
  await cart.getByRole("button", { name: `Increase quantity of ${sunrise}` }).click();
  await expect(total).toHaveText("$12.98");
  await expect(total).toHaveText(twoDecimals);

  // Checkout with a phone number.
  await cart.getByRole("button", { name: "Checkout" }).click();
  await expect(cart).toBeHidden();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(main.getByTestId("checkout-total")).toHaveText("$12.98");
  await main.getByLabel("Phone number").fill("+1 714 555 0123");
  await main.getByRole("button", { name: "Checkout" }).click();

  const success = page.getByRole("dialog", { name: "Success!" });
  await expect(success).toContainText(SUCCESS_MESSAGE);
  await expectToastShown(page, "Success! Your order is placed");
  await success.getByRole("button", { name: "Thanks" }).click();
  await expect(success).toBeHidden();
  await expect(page).toHaveURL(/\/menu/);
  await expect(header(page).getByRole("button", { name: "Cart, empty" })).toBeVisible();

  // The order under My orders (from the user menu).
  await header(page)
    .getByRole("button", { name: `Account menu for ${shopper.name}` })
    .click();
  await header(page).getByRole("link", { name: "My orders" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const order = main.getByRole("article").first();
  await expect(order).toContainText("Sunrise Orange");
  await expect(order).toContainText("Medium");
  await expect(order).toContainText("2 × $6.49");
  await expect(order).toContainText("$12.98");
  await expect(order).toContainText("Less ice please");

  // The shop's and the customer's e-mails were written.
  const shopMail = await waitForEmail({ to: SHOP_EMAIL, contains: [shopper.email, "Sunrise Orange", "$12.98"] });
  // A pickup: where to collect it and when, not the delivery window.
  const customerMail = await waitForEmail({
    to: shopper.email,
    contains: ["Sunrise Orange", "$12.98", "Pick it up at", "As soon as possible (ready around"],
  });
  expect(customerMail.text).not.toContain("60-90");
  for (const mail of [shopMail, customerMail]) {
    expect(mail.textPath && existsSync(mail.textPath), `${mail.subject} written to a file`).toBeTruthy();
  }
  expect(shopMail.text).toContain("+1 714 555 0123");
  expect(shopMail.text).toContain("Less ice please");
});

test("a guest signs in with Apple from the cart icon, goes shopping and orders at once", async ({ page }) => {
  const shopper = uniqueShopper("Apple");
  await page.goto("/");
  await header(page).getByRole("button", { name: "Cart, empty" }).click();
  await signInThroughModal(page, "Apple", shopper);

  // Signed in, the cart they asked for opens: empty, with a way to the menu.
  const cart = page.getByRole("dialog", { name: "Cart" });
  await expect(cart).toContainText("Your cart is empty.");
  await cart.getByRole("button", { name: "Go Shopping" }).click();
  await expect(cart).toBeHidden();
  await expect(page).toHaveURL(/\/menu/);

  // Order Now adds the drink and goes straight to checkout. Taps before the app has taken over
  // are early-taps.spec.ts's subject: this one waits for it.
  await page.goto("/categories/cat-lemonades/products/prd-pink-lemonade");
  await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Order Now" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(main.getByRole("listitem").filter({ hasText: "Pink Lemonade" })).toContainText("$4.49");
  await expect(main.getByTestId("checkout-total")).toHaveText("$4.49");

  // The phone is required.
  await main.getByLabel("Phone number").fill("");
  await main.getByRole("button", { name: "Checkout" }).click();
  await expect(main.getByText("Phone number is required")).toBeVisible();
  await main.getByLabel("Phone number").fill("(714) 555-0199");
  await main.getByRole("button", { name: "Checkout" }).click();
  await expect(page.getByRole("dialog", { name: "Success!" })).toContainText(SUCCESS_MESSAGE);
  await waitForEmail({ to: shopper.email, contains: ["Pink Lemonade"] });

  // The next checkout is pre-filled with the phone just used.
  await page.getByRole("dialog", { name: "Success!" }).getByRole("button", { name: "Thanks" }).click();
  await page.goto("/categories/cat-lemonades/products/prd-pink-lemonade");
  await main.getByRole("button", { name: "Order Now" }).click();
  await expect(main.getByLabel("Phone number")).toHaveValue("(714) 555-0199");
});
