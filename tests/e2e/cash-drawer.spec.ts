import { expectNoSeriousA11yViolations, saveScreenshot } from "./support/a11y";
import { signInThroughModal, uniqueShopper } from "./support/auth";
import { waitForEmail } from "./support/emails";
import { expect, test } from "./support/fixtures";
import { baristaTablet, closeDoneList, column, doneListOf, recallFromDoneList } from "./support/staff";

// The cash drawer at the counter: Done asks whether the money was collected, a cancelled order
// paid at the counter is given back there, Recall refuses it, and the shopper's page says where
// the money is.

test("Done asks Collected $x?, a cancelled order's money is given back at the counter, and Recall refuses it", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const board = await baristaTablet(browser, baseURL, { width: 1024, height: 768 });

  const shopper = uniqueShopper("Drawer");
  await page.goto("/categories/cat-fresh-juices/products/prd-sunrise-orange");
  await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Order Now" }).click();
  await signInThroughModal(page, "Google", shopper);
  await expect(page).toHaveURL(/\/checkout$/);
  await main.getByLabel("Phone number").fill("+1 714 555 0188");
  await main.getByRole("button", { name: "Checkout" }).click();
  await page.getByRole("dialog", { name: "Success!" }).getByRole("button", { name: "Thanks" }).click();
  await page.goto("/orders");
  const order = main.getByRole("article").first();
  const number = (await order.getByRole("heading").textContent())!.replace("Order ", "").trim();

  const card = column(board, "New").getByRole("article", { name: number });
  await expect(card).toBeVisible({ timeout: 5_000 });
  const amount = (await card.getByRole("button", { name: /^Collect \$/ }).textContent())!.replace("Collect", "");
  await card.getByRole("button", { name: "Start" }).click();
  const preparing = column(board, "Preparing").getByRole("article", { name: number });
  await preparing.getByRole("button", { name: "Ready" }).click();
  const ready = column(board, "Ready").getByRole("article", { name: number });

  // Done while it still says Collect: the board asks.
  await ready.getByRole("button", { name: "Done" }).click();
  const question = board.getByRole("dialog", { name: `Collected ${amount}?` });
  await expect(question).toBeVisible();
  await expectNoSeriousA11yViolations(board, "collect-question", testInfo, { within: '[role="dialog"]' });
  await saveScreenshot(board, "collect-question", { fullPage: false });
  await question.getByRole("button", { name: "Yes" }).click();
  await expect(board.getByRole("article", { name: number })).toHaveCount(0);

  // Recalled to Ready (its customer hears it is back on), then cancelled: the money goes back at the counter.
  await board.getByRole("button", { name: /^Done \d+/ }).click();
  await recallFromDoneList(board, `Recall to Ready: order ${number}`);
  await waitForEmail({ to: shopper.email, subject: /is back on/, contains: [number] });
  const back = column(board, "Ready").getByRole("article", { name: number });
  await back.getByRole("button", { name: `Details of order ${number}` }).click();
  await board
    .getByRole("dialog", { name: `Order ${number}` })
    .getByRole("button", { name: "Cancel order…" })
    .click();
  const cancelDialog = board.getByRole("dialog", { name: `Cancel order ${number}?` });
  await expect(cancelDialog).toContainText(`Give back ${amount} at the counter`);
  await cancelDialog.getByRole("button", { name: "Customer asked" }).click();
  await cancelDialog.getByRole("button", { name: "Cancel order" }).click();

  const giveBack = board.getByRole("region", { name: /Give back at the counter/ });
  await expect(giveBack).toBeVisible();
  await expect(board.getByRole("status").filter({ hasText: `Give back ${amount}` })).toBeVisible();
  await saveScreenshot(board, "give-back", { fullPage: false });
  await giveBack.getByRole("button", { name: `Give back ${amount}: order ${number}, tap once it is given` }).click();
  await expect(giveBack).toHaveCount(0);

  // Recall now says why not.
  await board.getByRole("button", { name: /^Done \d+/ }).click();
  await expect(doneListOf(board).getByRole("listitem").filter({ hasText: number })).toContainText(
    "Its money was given back at the counter, so this order cannot come back.",
  );
  await closeDoneList(board);

  // The shopper's page says where the money is.
  await page.goto("/orders");
  await expect(order).toContainText(`The ${amount} you paid at the counter was given back to you there.`, {
    timeout: 5_000,
  });
  await board.context().close();
});
