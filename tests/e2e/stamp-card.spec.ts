import type { Page } from "@playwright/test";
import { saveScreenshot } from "./support/a11y";
import { signInThroughModal, uniqueShopper } from "./support/auth";
import { waitForEmail } from "./support/emails";
import { expect, header, test } from "./support/fixtures";
import { baristaOnTheBoard, column, orderNumberOf } from "./support/staff";

// A regular on a phone: eight stamps from an earlier order, one drink more handed over with
// "Collected" fills the card, and the next order spends the free drink at checkout with the same
// total on every screen, in the e-mail, and "A free drink" on the barista's ticket.

/** "$12.34" or "−$1.23" as cents. */
function cents(text: string | null): number {
  const match = /(−|-)?\$(\d+)\.(\d{2})/.exec(text ?? "");
  if (!match) throw new Error(`No amount in ${JSON.stringify(text)}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

const dollarsOf = (amount: number) => `$${(amount / 100).toFixed(2)}`;

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

  test("a regular's ninth stamp fills the card, and the free drink is spent at checkout with the same total everywhere", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const shopper = uniqueShopper("Regular");
    const main = page.getByRole("main");

    await page.goto("/categories/cat-fresh-juices/products/prd-sunrise-orange");
    await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
    await main.getByRole("button", { name: "Order Now" }).click();
    await signInThroughModal(page, "Google", shopper);
    await expect(page).toHaveURL(/\/checkout$/);

    // Eight stamps: an earlier order of eight shots, handed over and paid at the counter.
    const board = await baristaOnTheBoard(browser, baseURL!, { width: 390, height: 844 });
    const earlier = await page.request.post("/api/orders", {
      headers: { Origin: baseURL!, "Idempotency-Key": crypto.randomUUID() },
      data: {
        phone: "+1 714 555 0147",
        lines: [{ productId: "prd-ginger-shot", size: "default", quantity: 8, note: "" }],
      },
    });
    expect(earlier.status(), await earlier.text()).toBe(201);
    const earlierId = ((await earlier.json()) as { order: { id: string } }).order.id;
    for (const body of [{ status: "preparing" }, { status: "ready" }, { status: "completed", payment: "collected" }]) {
      const moved = await board.request.post(`/api/staff/orders/${earlierId}/status`, {
        headers: { Origin: baseURL! },
        data: body,
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }

    // One drink more: the checkout says it is the last stamp to the free one.
    await page.reload();
    await expect(main.getByTestId("stamps-to-go")).toHaveText("1 more drink to a free one");
    await main.getByLabel("Phone number").fill("+1 714 555 0147");
    await main.getByRole("button", { name: "Checkout" }).click();
    const firstSuccess = page.getByRole("dialog", { name: "Success!" });
    await firstSuccess.getByRole("link", { name: "View order" }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]+$/);
    const firstId = page.url().split("/").pop()!;
    const firstNumber = orderNumberOf(firstId);

    // The barista hands it over: Done, "Collected $x?", Yes.
    const ticket = column(board, "New").getByRole("article", { name: firstNumber });
    await expect(ticket).toBeVisible({ timeout: 15_000 });
    await ticket.getByRole("button", { name: "Start" }).click();
    await column(board, "Preparing")
      .getByRole("article", { name: firstNumber })
      .getByRole("button", { name: "Ready" })
      .click();
    await column(board, "Ready")
      .getByRole("article", { name: firstNumber })
      .getByRole("button", { name: "Done" })
      .click();
    await board
      .getByRole("dialog", { name: /^Collected \$/ })
      .getByRole("button", { name: "Yes" })
      .click();
    await expect(board.getByRole("article", { name: firstNumber })).toHaveCount(0);

    // The card on My orders: nine boxes filled, the free drink ready; the order says its stamp.
    await page.reload();
    await expect(main.getByRole("article").getByTestId("order-stamps")).toHaveText("This order earned 1 stamp");
    await header(page)
      .getByRole("button", { name: `Account menu for ${shopper.name}` })
      .click();
    await header(page).getByRole("link", { name: "My orders" }).click();
    await expect(page).toHaveURL(/\/orders$/);
    const card = main.getByTestId("stamp-card");
    await expect(card.getByRole("img", { name: "9 of 9 stamps toward A free drink" })).toBeVisible();
    await expect(card).toContainText("A free drink · 9 stamps · Ready to use at checkout");
    await card.getByText("Stamp history").click();
    await expect(card.getByTestId("stamp-history")).toContainText(`+1 stamp · order ${firstNumber}`);
    await expect(card.getByTestId("stamp-history")).toContainText(`+8 stamps · order ${orderNumberOf(earlierId)}`);
    await pictures(page, "stamp-card");

    // The next order: two large Sunrise Oranges, the free drink on one of them. The checkout
    // waits for the card, so the offer is on its line from the first paint and moves nothing.
    let answerCard = () => {};
    const cardHeld = new Promise<void>((resolve) => (answerCard = resolve));
    await page.route("**/api/loyalty", async (route) => {
      await cardHeld;
      await route.continue();
    });
    await page.goto("/categories/cat-fresh-juices/products/prd-sunrise-orange");
    const paymentMethods = page.waitForResponse("**/api/payment-methods");
    await main.getByRole("button", { name: "Large" }).click();
    await main.getByRole("button", { name: "Order Now" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await paymentMethods;
    await expect(main.getByText("Loading your order…")).toBeAttached();
    await expect(main.getByTestId("checkout-total")).toHaveCount(0);
    answerCard();
    const line = main.locator(".checkout-line", { hasText: "Sunrise Orange" });
    const increase = line.getByRole("button", { name: /^Increase quantity of Sunrise Orange/ });
    await expect(increase).toBeVisible();
    await expect(line.getByRole("button", { name: "Use your free drink on Sunrise Orange" })).toBeVisible();
    await page.unroute("**/api/loyalty");
    await increase.click();
    const total = main.getByTestId("checkout-total");
    const unitCents = cents(await main.locator(".checkout-line__meta").first().textContent());
    await expect(total).toHaveText(dollarsOf(unitCents * 2));
    await main.getByRole("button", { name: "Use your free drink on Sunrise Orange" }).click();
    const discountLine = main.getByTestId("checkout-reward-discount");
    await expect(discountLine).toHaveText(`−${dollarsOf(unitCents)}`);
    const off = (await discountLine.textContent())!.trim();
    const totalText = dollarsOf(unitCents);
    await expect(total).toHaveText(totalText);
    await expect(main.getByTestId("reward-applies")).toContainText("A free drink applies to this order");
    await main.getByLabel("Phone number").fill("+1 714 555 0147");
    await pictures(page, "stamp-card-checkout");

    // The success dialog.
    await main.getByRole("button", { name: "Checkout" }).click();
    const success = page.getByRole("dialog", { name: "Success!" });
    await expect(success).toContainText(`${off} · A free drink`);
    await expect(success).toContainText(totalText);

    // The order page.
    await success.getByRole("link", { name: "View order" }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]+$/);
    const orderPage = main.getByRole("article");
    await expect(orderPage.getByTestId("order-discount")).toHaveText(`A free drink${off}`);
    await expect(orderPage).toContainText(totalText);
    const number = (await orderPage.getByRole("heading", { level: 1 }).textContent())!.replace("Order ", "").trim();

    // The e-mail says it as the receipt's row.
    await waitForEmail({ to: shopper.email, contains: ["A free drink", off, totalText] });

    // The barista's ticket.
    const spentTicket = board.getByRole("article", { name: number });
    await expect(spentTicket.getByTestId("ticket-discount")).toHaveText(`${off} · A free drink`);
  });
});
