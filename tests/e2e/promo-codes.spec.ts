import type { Page } from "@playwright/test";
import { saveScreenshot } from "./support/a11y";
import { signInThroughModal, uniqueShopper } from "./support/auth";
import { waitForEmail } from "./support/emails";
import { expect, header, test } from "./support/fixtures";
import { baristaOnTheBoard, column } from "./support/staff";

// A new shopper on a phone applies WELCOME10 at checkout and sees the same discount on every
// screen that says the order's money: checkout, the success dialog, the order page, My orders,
// the e-mail; the barista's ticket on the board says it too.

/** "$12.34" or "−$1.23" as cents. */
function cents(text: string | null): number {
  const match = /(−|-)?\$(\d+)\.(\d{2})/.exec(text ?? "");
  if (!match) throw new Error(`No amount in ${JSON.stringify(text)}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

/** Pictures at the phone's width and a wide screen's (with E2E_SCREENSHOTS=1; nothing otherwise). */
async function pictures(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  const phone = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: 1440, height: 900 });
  await saveScreenshot(page, name);
  await page.setViewportSize(phone);
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a new shopper applies WELCOME10 and sees the same discount at checkout, after it, in the e-mail and on the barista's ticket", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const shopper = uniqueShopper("Welcome");
    const main = page.getByRole("main");

    await page.goto("/categories/cat-fresh-juices/products/prd-sunrise-orange");
    await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
    await main.getByRole("button", { name: "Large" }).click();
    await main.getByRole("button", { name: "Order Now" }).click();
    await signInThroughModal(page, "Google", shopper);
    await expect(page).toHaveURL(/\/checkout$/);

    // Checkout: the code, its discount line and the total after it.
    const total = main.getByTestId("checkout-total");
    const subtotalCents = cents(await total.textContent());
    await main.getByLabel("Promo code").fill("welcome10");
    await main.getByRole("button", { name: "Apply" }).click();
    const discountLine = main.getByTestId("checkout-discount");
    await expect(discountLine).toBeVisible();
    const off = (await discountLine.textContent())!.trim();
    const discountCents = -cents(off);
    expect(discountCents).toBe(Math.round(subtotalCents / 10));
    await expect(discountLine.locator("..")).toHaveText(`WELCOME10${off}`);
    await expect(main.getByTestId("promo-code")).toContainText("Promo code WELCOME10");
    const totalText = `$${((subtotalCents - discountCents) / 100).toFixed(2)}`;
    await expect(total).toHaveText(totalText);
    await expect(main.getByText("Suggested tips are on the drinks before the discount.")).toBeVisible();
    await main.getByLabel("Phone number").fill("+1 714 555 0144");
    await pictures(page, "promo-code-checkout");

    // The cart says it too, kept with the cart.
    await header(page).getByRole("button", { name: "Cart, 1 item" }).click();
    const cart = page.getByRole("dialog", { name: "Cart" });
    await expect(cart.getByTestId("cart-discount")).toHaveText(off);
    await expect(cart.getByTestId("cart-total")).toHaveText(totalText);
    await cart.getByRole("button", { name: "Close cart" }).click();
    await expect(cart).toBeHidden();

    // The success dialog.
    await main.getByRole("button", { name: "Checkout" }).click();
    const success = page.getByRole("dialog", { name: "Success!" });
    await expect(success).toContainText("Your order is placed, We will contact you as soon as possible.");
    await expect(success).toContainText(`${off} · WELCOME10`);
    await expect(success).toContainText(totalText);

    // The order page.
    await success.getByRole("link", { name: "View order" }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]+$/);
    const orderPage = main.getByRole("article");
    await expect(orderPage.getByTestId("order-discount")).toHaveText(`Promo code WELCOME10${off}`);
    await expect(orderPage).toContainText(totalText);
    const number = (await orderPage.getByRole("heading", { level: 1 }).textContent())!.replace("Order ", "").trim();

    // My orders.
    await header(page)
      .getByRole("button", { name: `Account menu for ${shopper.name}` })
      .click();
    await header(page).getByRole("link", { name: "My orders" }).click();
    await expect(page).toHaveURL(/\/orders$/);
    const listed = main.getByRole("article").first();
    await expect(listed.getByTestId("order-discount")).toHaveText(`Promo code WELCOME10${off}`);
    await expect(listed).toContainText(totalText);

    // The shopper's e-mail says it as the receipt's row.
    const mail = await waitForEmail({ to: shopper.email, contains: ["Promo code WELCOME10", off, totalText] });
    expect(mail.html).toContain("Promo code WELCOME10");

    // The barista's ticket.
    const board = await baristaOnTheBoard(browser, baseURL!, { width: 390, height: 844 });
    const ticket = board.getByRole("article", { name: number });
    await expect(ticket.getByTestId("ticket-discount")).toHaveText(`${off} · WELCOME10`);
    await ticket.scrollIntoViewIfNeeded();
    await pictures(board, "promo-code-board-ticket");
    await expect(column(board, "New").getByRole("article", { name: number })).toBeAttached();
  });
});
