import { saveScreenshot } from "./support/a11y";
import { signInThroughModal, uniqueShopper } from "./support/auth";
import { signInOverHttp } from "./support/staff";
import { expect, expectToastShown, header, test, toast } from "./support/fixtures";

// The shopper's side made for buying: a drink's page with each size's price, a quantity and a
// buy bar on phones; a cart that keeps every note; a menu that reads fast on a phone.

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("each size shows its price; two large drinks go into the cart from the buy bar", async ({ page }) => {
    const shopper = uniqueShopper("Phone");
    await page.goto("/categories/cat-fresh-juices/products/prd-sunrise-orange");
    await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
    const main = page.getByRole("main");
    const sizes = main.getByRole("group", { name: "Size" });
    await expect(sizes.getByRole("button", { name: /^Small/ })).toContainText("$5.49");
    await expect(sizes.getByRole("button", { name: /^Medium/ })).toContainText("$6.99");
    await expect(sizes.getByRole("button", { name: /^Medium/ })).toContainText("$6.49");
    await expect(sizes.getByRole("button", { name: /^Large/ })).toContainText("$8.49");
    await expect(main.getByText("Orange, blood orange")).toBeVisible();
    await expect(main.getByText("110 kcal", { exact: false })).toBeVisible();

    await sizes.getByRole("button", { name: /^Large/ }).click();
    await expect(main.getByTestId("drink-price")).toContainText("$8.49");
    await main.getByRole("button", { name: "Increase quantity of Sunrise Orange" }).click();
    await expect(main.getByLabel("Quantity of Sunrise Orange", { exact: true })).toHaveText("2");

    // No bar while the page's own buttons are in view; the bar once they have scrolled away.
    const bar = page.getByTestId("buy-bar");
    await expect(bar).toBeHidden();
    await main.getByRole("button", { name: "Add to Cart", exact: true }).scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
    // Down to the FAQ at the top of the screen (the drink's add-on groups make the page longer,
    // so the FAQ may already be in sight), then on: the buttons are gone up behind the header.
    await page.getByRole("heading", { name: /Frequently/ }).evaluate((heading) => heading.scrollIntoView());
    await page.mouse.wheel(0, 400);
    await expect(bar).toBeVisible();
    const barAdd = bar.getByRole("button", { name: "Add to Cart · $16.98" });
    await expect(barAdd).toBeVisible();
    await expect(bar.getByRole("button", { name: "Order Now" })).toBeVisible();
    await saveScreenshot(page, "phone-product-buy-bar", { fullPage: false });

    await barAdd.click();
    await signInThroughModal(page, "Google", shopper);
    const cart = page.getByRole("dialog", { name: "Cart" });
    await expect(cart).toBeVisible();
    await expect(cart.getByLabel("Quantity of Sunrise Orange (Large)", { exact: true })).toHaveText("2");
    await expect(cart.getByTestId("cart-total")).toHaveText("$16.98");
    // The sign-in toast shows over the drawer's title, beside its close button, never over its lines.
    const signedIn = toast(page, "Logged in with Google!");
    await expect(signedIn).toBeVisible();
    const toastBox = (await signedIn.boundingBox())!;
    const lineBox = (await cart.getByRole("listitem").first().boundingBox())!;
    const closeBox = (await cart.getByRole("button", { name: "Close cart" }).boundingBox())!;
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(lineBox.y);
    expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(closeBox.x);
    await saveScreenshot(page, "phone-cart-after-buy-bar", { fullPage: false });

    // Placed: the success modal says the order's number, total, payment and time, and opens the order.
    await cart.getByRole("button", { name: "Checkout" }).click();
    await page.getByRole("main").getByLabel("Phone number").fill("+1 714 555 0123");
    await page.getByRole("main").getByRole("button", { name: "Checkout" }).click();
    const success = page.getByRole("dialog", { name: "Success!" });
    await expect(success).toContainText("Your order is placed, We will contact you as soon as possible.");
    await expect(success).toContainText(/Order\s*#[0-9A-F]{8}/);
    await expect(success).toContainText("$16.98");
    await expect(success).toContainText("Pay on pickup");
    await expect(page).toHaveURL(/\/menu/); // the spec's return to the menu, under the modal
    const number = (await success.locator("dd").first().textContent())!;
    await saveScreenshot(page, "phone-order-success-modal", { fullPage: false });
    await success.getByRole("link", { name: "View order" }).click();
    await expect(success).toBeHidden();
    await expect(page).toHaveURL(/\/orders\/[\w-]+$/);
    await expect(page.getByRole("heading", { name: `Order ${number}`, level: 1 })).toBeVisible();
  });

  test("the menu shows two compact columns, 'from' prices and the rating as a number", async ({ page }) => {
    await page.goto("/menu");
    await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
    const cards = page.getByRole("main").locator("article.product-card");
    await expect(cards).toHaveCount(6);
    const [first, second, third] = await Promise.all([0, 1, 2].map((index) => cards.nth(index).boundingBox()));
    // Two side by side, the third below them; each much shorter than the old full-width card.
    expect(first!.y).toBe(second!.y);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
    expect(third!.y).toBeGreaterThan(first!.y + first!.height - 1);
    expect(first!.height).toBeLessThan(330);
    await expect(cards.first()).toContainText("from");
    await expect(cards.first()).toContainText("$5.49");
    await expect(cards.first()).toContainText("4.8");
    await saveScreenshot(page, "phone-menu-compact", { fullPage: false });
  });
});

test("the cart keeps two notes for the same drink and size as two lines; the note box empties after adding", async ({
  page,
  baseURL,
}) => {
  await signInOverHttp(page.context().request, baseURL!, uniqueShopper("Notes"));
  await page.goto("/categories/cat-smoothies/products/prd-berry-blast");
  // The app knows who is there before the first tap, as it does for a shopper who signed in earlier.
  await expect(header(page).getByRole("button", { name: /^Account menu for / })).toBeVisible();
  const main = page.getByRole("main");
  const note = main.getByLabel("Add A Comment with Your Order");
  await note.fill("No banana");
  await main.getByRole("button", { name: "Add to Cart", exact: true }).click();
  const cart = page.getByRole("dialog", { name: "Cart" });
  await expect(cart.getByRole("listitem")).toHaveCount(1);
  await expect(note).toHaveValue(""); // added: the box is ready for the next drink
  await cart.getByRole("button", { name: "Close cart" }).click();

  await note.fill("Extra cold");
  await main.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(cart.getByRole("listitem")).toHaveCount(2);
  await expect(note).toHaveValue("");
  await expect(cart.getByRole("listitem").nth(0)).toContainText("No banana");
  await expect(cart.getByRole("listitem").nth(1)).toContainText("Extra cold");
  await expect(header(page).getByRole("button", { name: "Cart, 2 items" })).toBeVisible();
  await saveScreenshot(page, "desktop-cart-two-notes", { fullPage: false });
});

test("an unknown page and a drink not on the menu answer 404 with the shop's friendly page", async ({ page }) => {
  const unknown = await page.goto("/no-such-page");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "See the menu" })).toBeVisible();

  const missingDrink = await page.goto("/categories/cat-fresh-juices/products/prd-nope");
  expect(missingDrink?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Product not found", level: 1 })).toBeVisible();

  // The pages the shop has still answer 200, with their files served as before.
  for (const path of ["/about", "/orders", "/contact", "/menu"]) {
    expect((await page.goto(path))?.status(), path).toBe(200);
  }
  expect((await page.request.get("/logo.svg")).status()).toBe(200);
  expect((await page.request.get("/api/no-such-thing")).status()).toBe(404);
});

test.describe("forms on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the contact page's toast stays readable on the menu it moves to", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Send a message" });
    await form.getByRole("textbox", { name: "First name", exact: true }).fill("Casey");
    await form.getByRole("textbox", { name: "Last name", exact: true }).fill("Nguyen");
    await form.getByRole("textbox", { name: "Email", exact: true }).fill("casey@example.com");
    await form.getByRole("textbox", { name: "Phone", exact: true }).fill("+1 714 555 0100");
    await form.getByRole("textbox", { name: "Message", exact: true }).fill("Do you cater office parties?");
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(page).toHaveURL(/\/menu/);
    const sent = toast(page, "Message sent successfully");
    await expect(sent).toBeInViewport();
    await page.waitForTimeout(800); // well into the toast's two seconds, after the menu has arrived
    await expect(sent).toBeInViewport();
    await saveScreenshot(page, "phone-contact-toast-on-menu", { fullPage: false });
  });

  test("the franchise form gives way to a confirmation once sent", async ({ page }) => {
    await page.goto("/partnership");
    const form = page.getByRole("form", { name: "Apply to become a partner" });
    await form.getByRole("textbox", { name: "First legal name" }).fill("Jordan");
    await form.getByRole("textbox", { name: "Email", exact: true }).fill("jordan@example.com");
    await page.getByRole("button", { name: "Send application" }).click();
    const sent = page.getByRole("region", { name: "Application received" });
    await expect(sent).toBeVisible();
    await expect(sent).toContainText("jordan@example.com");
    await expectToastShown(page, "Partner request sent successfully");
    await expect(page.getByRole("button", { name: "Send application" })).toHaveCount(0);
    await saveScreenshot(page, "phone-franchise-sent", { fullPage: false });
  });
});

test("View order tapped the moment the success modal opens lands on the order, not the menu", async ({
  page,
  baseURL,
}) => {
  await signInOverHttp(page.context().request, baseURL!, uniqueShopper("Quick"));
  await page.goto("/categories/cat-wellness-shots/products/prd-ginger-shot");
  // The app knows who is there before the first tap, as it does for a shopper who signed in earlier.
  await expect(header(page).getByRole("button", { name: /^Account menu for / })).toBeVisible();
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Order Now" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await main.getByLabel("Phone number").fill("+1 714 555 0124");
  await main.getByRole("button", { name: "Checkout" }).click();
  // Within the spec's 300 ms before the return to the menu.
  await page.getByRole("dialog", { name: "Success!" }).getByRole("link", { name: "View order" }).click();
  await expect(page).toHaveURL(/\/orders\/[\w-]+$/);
  await page.waitForTimeout(600); // well past the 300 ms
  await expect(page).toHaveURL(/\/orders\/[\w-]+$/);
  await expect(page.getByRole("heading", { name: /^Order #/, level: 1 })).toBeVisible();
});

test("a guest who opens checkout is asked to sign in, and stays there", async ({ page }) => {
  await page.goto("/checkout");
  const welcome = page.getByRole("dialog").filter({ has: page.getByRole("heading", { name: /welcome/i }) });
  await expect(welcome).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign in to check out" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(welcome).toBeHidden();
  await expect(page).toHaveURL(/\/checkout$/);
});

test("the home page leads to ordering: popular drinks with prices, and the header's Order now", async ({ page }) => {
  await page.goto("/");
  const popular = page.getByRole("region", { name: "Popular right now" });
  await expect(popular.getByRole("link", { name: /Sunrise Orange/ })).toContainText("$5.49");
  await expect(popular.getByRole("link")).toHaveCount(5); // four drinks and the full menu
  await saveScreenshot(page, "desktop-home-popular", { fullPage: false });
  await popular.getByRole("link", { name: /Berry Blast/ }).click();
  await expect(page).toHaveURL(/\/categories\/cat-smoothies\/products\/prd-berry-blast$/);
  await header(page).getByRole("link", { name: "Order now" }).click();
  await expect(page).toHaveURL(/\/menu$/);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width} px the checkout's button stays where it is when the pickup times ahead arrive`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    // A tap lands where the button was when the finger came down: nothing above it may move then.
    await signInOverHttp(page.context().request, baseURL!, uniqueShopper("Steady"));
    let answerDays!: () => void;
    const daysHeld = new Promise<void>((resolve) => (answerDays = resolve));
    await page.route("**/api/pickup-days", async (route) => {
      await daysHeld;
      await route.continue();
    });
    await page.goto("/categories/cat-wellness-shots/products/prd-ginger-shot");
    await expect(header(page).getByRole("button", { name: /^Account menu for / })).toBeVisible();
    await page.getByRole("main").getByRole("button", { name: "Order Now" }).click();
    const main = page.getByRole("main");
    const later = main.getByRole("radio", { name: /^Pick a day and time/ });
    await expect(main.getByRole("radio", { name: /^As soon as possible/ })).toBeChecked();
    await expect(later).toBeDisabled();
    const checkout = main.getByRole("button", { name: "Checkout" });
    // Where the button is on the page (not in the window, which the test does not scroll).
    const placeOnPage = () =>
      checkout.evaluate((button) => {
        const { top, left, width, height } = button.getBoundingClientRect();
        return { top: top + window.scrollY, left: left + window.scrollX, width, height };
      });
    const before = await placeOnPage();

    answerDays();
    await expect(later).toBeEnabled();
    expect(await placeOnPage()).toEqual(before);
  });
}
