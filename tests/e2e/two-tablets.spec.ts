import { saveScreenshot } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { baristaOnTheBoard, column, customerOverHttp, moveOverHttp, placeOrderOverHttp } from "./support/staff";

// Two tablets at one counter answer "Collected?" differently for the same order: the first answer
// is kept, and the tablet that answered second is told what was recorded instead of a silent Done.

const numberOf = (orderId: string) => `#${orderId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;

test("two tablets answer Done differently: the first answer is kept, and the other tablet shows it", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tablet = { width: 1024, height: 768 };
  const [first, second] = [
    await baristaOnTheBoard(browser, baseURL!, tablet),
    await baristaOnTheBoard(browser, baseURL!, tablet),
  ];
  const customer = await customerOverHttp(browser, baseURL!, "Two Tablets Customer");
  const orderId = await placeOrderOverHttp(customer.request, baseURL!, 1, 4);
  await customer.close();
  await moveOverHttp(first.request, baseURL!, orderId, { status: "preparing" });
  await moveOverHttp(first.request, baseURL!, orderId, { status: "ready" });
  const number = numberOf(orderId);

  // Both cashiers tap Done on the ticket, each asked "Collected $x?".
  const questions = [];
  for (const board of [first, second]) {
    const card = column(board, "Ready").getByRole("article", { name: number });
    await card.getByRole("button", { name: "Done" }).click();
    const question = board.getByRole("dialog", { name: /^Collected \$\d+\.\d\d\?$/ });
    await expect(question).toBeVisible();
    questions.push(question);
  }
  const [firstQuestion, secondQuestion] = questions as [(typeof questions)[0], (typeof questions)[0]];

  // The first says Yes: the order is done, paid at the counter.
  await firstQuestion.getByRole("button", { name: "Yes" }).click();
  await expect(first.getByRole("article", { name: number })).toHaveCount(0);

  // The second, still showing the question, says Not paid: refused, and told what was recorded.
  await secondQuestion.getByRole("button", { name: "Not paid" }).click();
  const refusal = secondQuestion.getByRole("alert");
  await expect(refusal).toContainText(`Order ${number} could not be done`);
  await expect(refusal).toContainText("is now completed (paid at the counter)");
  await saveScreenshot(second, "two-tablets-refused-answer", { fullPage: false });
  await second.keyboard.press("Escape");
  await expect(secondQuestion).toHaveCount(0);
  await expect(second.getByRole("article", { name: number })).toHaveCount(0);

  // The order is recorded as the first answer said.
  const history = await first.request.get(`/api/staff/orders/${orderId}/history`);
  const events = ((await history.json()) as { history: { status: string; paymentState: string }[] }).history;
  expect(events.at(-1)).toMatchObject({ status: "completed", paymentState: "paid_at_counter" });
  expect(events.filter((event) => event.status === "completed")).toHaveLength(1);
});
