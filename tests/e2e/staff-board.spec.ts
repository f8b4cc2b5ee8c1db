import { expectNoSeriousA11yViolations, saveScreenshot } from "./support/a11y";
import { signInThroughModal, uniqueShopper } from "./support/auth";
import { waitForEmail } from "./support/emails";
import { expect, header, test } from "./support/fixtures";
import { BARISTA, baristaOnTheBoard, baristaTablet, column, recallFromDoneList, signInOverHttp } from "./support/staff";

// The shop's side and the shopper's side at once: two browsers, as at the counter and at home.

test("a shopper orders, the board shows it without a reload, the barista takes it to ready and the shopper sees Ready", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const board = await baristaTablet(browser, baseURL);

  // The shopper orders a drink with a note.
  const shopper = uniqueShopper("Counter");
  await page.goto("/categories/cat-fresh-juices/products/prd-sunrise-orange");
  // The app has taken over (early taps are early-taps.spec.ts's subject, not this journey's).
  await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Large" }).click();
  await main.getByLabel("Add A Comment with Your Order").fill("No ice");
  await main.getByRole("button", { name: "Order Now" }).click();
  await signInThroughModal(page, "Google", shopper);
  await expect(page).toHaveURL(/\/checkout$/);
  await main.getByLabel("Phone number").fill("+1 714 555 0177");
  await main.getByRole("button", { name: "Checkout" }).click();
  await page.getByRole("dialog", { name: "Success!" }).getByRole("button", { name: "Thanks" }).click();

  // My orders, left open: Received.
  await page.goto("/orders");
  const order = main.getByRole("article").first();
  await expect(order.getByRole("status", { name: /Progress of this order/ })).toBeVisible();
  await expect(order.locator('[aria-current="step"]')).toHaveText("Received");
  const number = (await order.getByRole("heading").textContent())!.replace("Order ", "").trim();

  // It arrived on the board by itself: a ticket in New with the drink, size, note and what to collect,
  // and an alert until someone says Seen.
  const card = column(board, "New").getByRole("article", { name: number });
  await expect(card).toBeVisible({ timeout: 5_000 });
  await expect(card).toContainText("Sunrise Orange");
  await expect(card).toContainText("Large");
  await expect(card).toContainText("No ice");
  await expect(card).toContainText(shopper.name);
  await expect(card.getByRole("button", { name: /^Collect \$/ })).toBeVisible();
  // Another journey's order may be waiting beside it: "2 new orders: #…, #…".
  await expect(board.getByRole("alert").filter({ hasText: new RegExp(`new orders?: .*${number}`, "i") })).toBeVisible();
  await expect(board).toHaveTitle(/^\(\d+\) New orders/);
  await board.getByRole("button", { name: "Seen" }).click();
  await expect(board.getByRole("alert").filter({ hasText: number })).toHaveCount(0);
  await expectNoSeriousA11yViolations(board, "order-board", testInfo);
  await saveScreenshot(board, "order-board");
  // The board on a phone and on a wide screen.
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await board.setViewportSize(viewport);
    await expectNoSeriousA11yViolations(board, `order-board-${viewport.width}`, testInfo);
    await saveScreenshot(board, "order-board");
    expect(await board.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  }
  await board.setViewportSize({ width: 1180, height: 820 });

  // Its details: the customer's phone, and its history: placed by the shopper, on the shop's clock.
  await card.getByRole("button", { name: `Details of order ${number}` }).focus();
  await board.keyboard.press("Enter");
  const history = board.getByRole("dialog", { name: `Order ${number}` });
  await expect(history.getByRole("link", { name: "+1 714 555 0177" })).toHaveAttribute("href", "tel:+17145550177");
  await expect(history.getByRole("list").getByRole("listitem")).toHaveText([
    new RegExp(`^Placed: ReceivedBy ${shopper.name} \\(customer\\) · \\w{3} \\d{1,2}, \\d{1,2}:\\d{2} [AP]M P[SD]T$`),
  ]);
  await expectNoSeriousA11yViolations(board, "order-history", testInfo, { within: '[role="dialog"]' });
  await saveScreenshot(board, "order-history", { fullPage: false });
  await board.keyboard.press("Escape");
  await expect(history).toBeHidden();
  await expect(card.getByRole("button", { name: `Details of order ${number}` })).toBeFocused();

  // Start, then Ready, with the keyboard (a tablet with a keyboard case): the focus goes along
  // with the ticket to its next button.
  await card.getByRole("button", { name: "Start" }).focus();
  await board.keyboard.press("Enter");
  const preparing = column(board, "Preparing").getByRole("article", { name: number });
  await expect(preparing.getByRole("button", { name: "Ready" })).toBeFocused();
  await board.keyboard.press("Enter");
  const ready = column(board, "Ready").getByRole("article", { name: number });
  await expect(ready.getByRole("button", { name: "Done" })).toBeFocused();

  // The history now names the barista for each move.
  await ready.getByRole("button", { name: `Details of order ${number}` }).click();
  await expect(history.getByRole("list").getByRole("listitem")).toHaveText([
    /^Placed: Received/,
    new RegExp(`^From Received → to PreparingBy ${BARISTA.name} \\(staff\\)`),
    new RegExp(`^From Preparing → to ReadyBy ${BARISTA.name} \\(staff\\)`),
  ]);
  await history.getByRole("button", { name: "Close" }).click();
  await expect(history).toBeHidden();

  // The shopper's page moved by itself.
  await expect(order.locator('[aria-current="step"]')).toHaveText("Ready", { timeout: 5_000 });
  await saveScreenshot(page, "my-orders-ready");

  // And the "ready" e-mail was written.
  await waitForEmail({ to: shopper.email, subject: /^Your order is ready/, contains: [number, "Squeeze Anaheim"] });

  // Collect asks first, like Done; Yes marks it paid at the counter: the ticket says "Paid", the history says who.
  const amount = (await ready.getByRole("button", { name: /^Collect \$/ }).textContent())!.replace("Collect", "");
  await ready.getByRole("button", { name: /^Collect \$/ }).click();
  const question = board.getByRole("dialog", { name: `Collected ${amount}?` });
  await expect(question.getByRole("button", { name: "Cancel" })).toBeVisible();
  await question.getByRole("button", { name: "Yes" }).click();
  await expect(ready.getByRole("button", { name: /^Collect/ })).toHaveCount(0);
  await expect(ready.getByText(/^✓ Paid$/)).toBeVisible();
  await ready.getByRole("button", { name: `Details of order ${number}` }).click();
  await expect(history.getByRole("list").getByRole("listitem").last()).toHaveText(
    new RegExp(`^Payment: Paid at the counterBy ${BARISTA.name} \\(staff\\)`),
  );
  await history.getByRole("button", { name: "Close" }).click();

  // Done: off the board, into the Done list.
  await ready.getByRole("button", { name: "Done" }).click();
  await expect(board.getByRole("article", { name: number })).toHaveCount(0);
  await expect(order.locator('[aria-current="step"]')).toHaveText("Completed", { timeout: 5_000 });

  // Tapped by mistake: Recall brings it back to Ready from the Done list, and the shopper's page follows.
  await board.getByRole("button", { name: /^Done \d+/ }).click();
  await expectNoSeriousA11yViolations(board, "done-list", testInfo, { within: '[role="dialog"]' });
  await recallFromDoneList(board, `Recall to Ready: order ${number}`);
  await expect(column(board, "Ready").getByRole("article", { name: number })).toBeVisible();
  await expect(order.locator('[aria-current="step"]')).toHaveText("Ready", { timeout: 5_000 });

  // The staff side's Menu tab, on a phone and on a wide screen.
  await board.getByRole("navigation", { name: "Staff pages" }).getByRole("link", { name: "Menu" }).click();
  await expect(board.getByRole("heading", { level: 1, name: /^Menu and ordering/ })).toBeVisible();
  await expect(board.getByRole("button", { name: "Berry Blast: available" })).toBeVisible();
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await board.setViewportSize(viewport);
    // Opened afresh at this size, as on that device: a page only resized keeps the footer's
    // stand-in box of the wider layout until the footer is drawn again.
    await board.reload();
    await expect(board.getByRole("button", { name: "Berry Blast: available" })).toBeVisible();
    await expectNoSeriousA11yViolations(board, `staff-menu-${viewport.width}`, testInfo);
    await saveScreenshot(board, "staff-menu");
    // Nothing wider than the screen: a phone never scrolls sideways.
    expect(await board.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  }
  await board.context().close();
});

test("a delivery order: its address shows on the order page, the board card and both e-mails", async ({
  page,
  browser,
  baseURL,
}) => {
  // Signed in over HTTP: the sign-in itself is the first journey's.
  const board = await baristaOnTheBoard(browser, baseURL!);
  const shopper = uniqueShopper("Delivery");
  await signInOverHttp(page.context().request, baseURL!, shopper);
  await page.goto("/categories/cat-fresh-juices/products/prd-sunrise-orange");
  // The app knows who is there before the first tap, as it does for a shopper who signed in earlier.
  await expect(header(page).getByRole("button", { name: /^Account menu for / })).toBeVisible();
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Medium" }).click();
  await main.getByRole("button", { name: "Order Now" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await main.getByLabel("Phone number").fill("+1 714 555 0178");
  await main.getByRole("radio", { name: /^Delivery/ }).check();
  // Outside the area: said under the ZIP field as it is typed, before the button.
  await main.getByLabel("Street address").fill("1200 W Lincoln Ave");
  await main.getByLabel("ZIP code").fill("90210");
  await expect(main.getByText(/We do not deliver to 90210 yet/)).toBeVisible();
  await main.getByLabel("ZIP code").fill("92805");
  await expect(main.getByText(/We do not deliver to/)).toHaveCount(0);
  await expect(main.getByTestId("checkout-delivery-fee")).toHaveText("$3.99");
  // How it will be paid, with the amount, before the button.
  await expect(main.getByTestId("checkout-payment")).toHaveText("You'll pay $10.48 at the door.");
  await main.getByRole("button", { name: "Checkout" }).click();
  const modal = page.getByRole("dialog", { name: "Success!" });
  await expect(modal).toContainText("$10.48");
  await expect(page).toHaveURL(/\/menu/); // the spec's return to the menu, under the modal
  await modal.getByRole("link", { name: "View order" }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]+$/);
  const address = "1200 W Lincoln Ave, Anaheim, CA 92805";
  await expect(main.getByTestId("order-fulfilment")).toHaveText(`Delivery to ${address}`);
  const number = (await main.getByRole("heading", { level: 1 }).textContent())!.replace("Order ", "").trim();

  const card = column(board, "New").getByRole("article", { name: number });
  await expect(card).toBeVisible({ timeout: 5_000 });
  await expect(card).toContainText("Delivery ASAP");
  await card.getByRole("button", { name: `Details of order ${number}` }).click();
  await expect(board.getByRole("dialog", { name: `Order ${number}` })).toContainText(`Delivery to${address}`);

  await waitForEmail({ to: shopper.email, subject: /^Your Squeeze order/, contains: [address, "$3.99"] });
  await waitForEmail({ subject: new RegExp(`^New order ${number}`), contains: [address, "$3.99"] });
  await board.context().close();
});

test("the barista cancels an order with a reason; the shopper sees it cancelled and why", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const board = await baristaOnTheBoard(browser, baseURL!);
  const shopper = uniqueShopper("Cancel");
  await signInOverHttp(page.context().request, baseURL!, shopper);
  await page.goto("/categories/cat-wellness-shots/products/prd-ginger-shot");
  // The app knows who is there before the first tap, as it does for a shopper who signed in earlier.
  await expect(header(page).getByRole("button", { name: /^Account menu for / })).toBeVisible();
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Order Now" }).click();
  await main.getByLabel("Phone number").fill("+1 714 555 0188");
  await main.getByRole("button", { name: "Checkout" }).click();
  await page.getByRole("dialog", { name: "Success!" }).getByRole("button", { name: "Thanks" }).click();
  await page.goto("/orders");
  const order = main.getByRole("article").first();
  const number = (await order.getByRole("heading").textContent())!.replace("Order ", "").trim();

  const card = column(board, "New").getByRole("article", { name: number });
  await card.getByRole("button", { name: `Details of order ${number}` }).click();
  await board
    .getByRole("dialog", { name: `Order ${number}` })
    .getByRole("button", { name: "Cancel order…" })
    .click();
  const dialog = board.getByRole("dialog", { name: `Cancel order ${number}?` });
  await expect(dialog).toBeVisible();
  // A reason is required.
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(dialog.getByText("Say why the order is cancelled")).toBeVisible();
  await expectNoSeriousA11yViolations(board, "cancel-dialog", testInfo, { within: '[role="dialog"]' });
  // A preset reason, made more precise.
  await dialog.getByRole("button", { name: "Out of an ingredient" }).click();
  await dialog.getByLabel(/^Reason \(pick one/).fill("Out of an ingredient: ginger");
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(dialog).toBeHidden();
  await expect(board.getByRole("article", { name: number })).toHaveCount(0);

  await expect(order.getByRole("status", { name: /Cancelled/ })).toContainText("Out of an ingredient: ginger", {
    timeout: 5_000,
  });
  await waitForEmail({
    to: shopper.email,
    subject: /is cancelled$/,
    contains: ["Out of an ingredient: ginger", "Nothing was charged"],
  });
  await board.context().close();
});

test("a shopper is turned away from the board", async ({ page, baseURL }) => {
  const shopper = uniqueShopper("Curious");
  await signInOverHttp(page.context().request, baseURL!, shopper);
  await page.goto("/");
  // The app knows who is there before the first tap, as it does for a shopper who signed in earlier.
  await expect(header(page).getByRole("button", { name: /^Account menu for / })).toBeVisible();
  await header(page)
    .getByRole("button", { name: `Account menu for ${shopper.name}` })
    .click();
  await expect(header(page).getByRole("link", { name: "Order board" })).toHaveCount(0);
  await page.goto("/staff");
  await expect(page.getByRole("alert")).toContainText("These pages are for the shop's staff");
});
