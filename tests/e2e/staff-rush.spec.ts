import type { Browser, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, saveScreenshot } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { acknowledgeEverythingOverHttp, clearTheBoard, rushOfOrders, ticketsInSight } from "./support/rush";
import {
  baristaOnTheBoard,
  column,
  customerOverHttp,
  moveOverHttp,
  orderNumberOf,
  placeOrderOverHttp,
} from "./support/staff";

// The counter in a rush. These journeys clear the board and count what is on it, so
// playwright.config.ts runs them after every other journey, one after the other.
test.describe.configure({ mode: "serial" });

/** How tall an element is on screen, in CSS px (0 when it is not there). */
function heightOf(board: Page, selector: string): Promise<number> {
  return board.evaluate((css) => document.querySelector(css)?.getBoundingClientRect().height ?? 0, selector);
}

/** A barista's 1024×768 tablet on a board with nothing on it. */
async function emptyBoardOnATablet(browser: Browser, baseURL: string): Promise<Page> {
  const board = await baristaOnTheBoard(browser, baseURL, { width: 1024, height: 768 });
  await clearTheBoard(board, baseURL);
  // Cleared over HTTP: read afresh, so no change made while its live channel was connecting is missed.
  await board.reload();
  await expect(board.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  await expect(board.getByRole("article")).toHaveCount(0);
  return board;
}

test("20 open orders: at least 12 whole on a 1024×768 tablet and 16 at 1440×900, the newest one tap away, New first on a phone", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const board = await emptyBoardOnATablet(browser, baseURL!);

  // A rush: 20 orders of two or three drinks (a smoothie with add-ons, notes on some); three being
  // made and three waiting at the counter, 14 new.
  const ids = await rushOfOrders(browser, baseURL!, 20);
  for (const id of ids.slice(0, 6)) await moveOverHttp(board.request, baseURL!, id, { status: "preparing" });
  for (const id of ids.slice(0, 3)) await moveOverHttp(board.request, baseURL!, id, { status: "ready" });
  await expect(board.getByRole("article")).toHaveCount(20);
  await expect(column(board, "New").getByRole("article")).toHaveCount(14);
  await expect(column(board, "New")).toContainText("Oat milk, Protein, Chia seeds");

  // The bar is one row and the alert one line: "14 new orders", its list one tap away.
  const alert = board.getByRole("alert").filter({ hasText: /^14 new orders: / });
  await expect(alert).toBeVisible();
  expect(await heightOf(board, ".staff-bar")).toBeLessThanOrEqual(52);
  expect(await heightOf(board, ".staff-alerts")).toBeLessThanOrEqual(48);
  const summary = alert.getByRole("button", { name: /^14 new orders/ });
  await expect(summary).toHaveAttribute("aria-expanded", "false");

  // On the tablet: at least 12 of the 20 whole, without scrolling, and the bar in view.
  await expect.poll(() => ticketsInSight(board)).toBeGreaterThanOrEqual(12);
  expect(await board.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(768);
  await expect(board.getByRole("status").filter({ hasText: "Live" })).toBeInViewport();
  await saveScreenshot(board, "order-board-rush", { fullPage: false });
  await expectNoSeriousA11yViolations(board, "order-board-rush-1024", testInfo);

  // The newest is one tap away: picked from the alert's list, its ticket comes into view.
  const newest = board.locator(`article[data-order-id="${ids.at(-1)}"]`);
  await summary.click();
  const list = board.getByRole("list", { name: "New orders, newest first" });
  await expect(list.getByRole("button").first()).toContainText(orderNumberOf(ids.at(-1)!));
  await saveScreenshot(board, "order-board-rush-alert-list", { fullPage: false });
  await list.getByRole("button").first().click();
  await expect(newest).toBeInViewport({ ratio: 1 });
  await expect(newest).toBeFocused();

  // On a wide screen: at least 16.
  await board.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(() => ticketsInSight(board)).toBeGreaterThanOrEqual(16);
  expect(await heightOf(board, ".staff-bar")).toBeLessThanOrEqual(52);
  await saveScreenshot(board, "order-board-rush", { fullPage: false });
  await expectNoSeriousA11yViolations(board, "order-board-rush-1440", testInfo);

  // On a phone: the bar in two rows at most, and what needs doing now first.
  await board.setViewportSize({ width: 390, height: 844 });
  await expect(column(board, "New")).toBeVisible();
  expect(await heightOf(board, ".staff-bar")).toBeLessThanOrEqual(100);
  const tops = await Promise.all(
    (["New", "Preparing", "Ready"] as const).map(async (lane) => (await column(board, lane).boundingBox())!.y),
  );
  expect(tops).toEqual([...tops].sort((a, b) => a - b));
  expect(await board.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(board, "order-board-rush", { fullPage: false });
  await expectNoSeriousA11yViolations(board, "order-board-rush-390", testInfo);

  // The Menu page on a phone: grouped by category, with its search.
  await board.goto("/staff/menu");
  await expect(board.getByRole("searchbox", { name: "Find a drink" })).toBeVisible();
  await expect(board.getByRole("region", { name: "Smoothies" })).toBeVisible();
  await saveScreenshot(board, "staff-menu-rush", { fullPage: false });
  await expectNoSeriousA11yViolations(board, "staff-menu-390", testInfo);
  expect(await board.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await board.context().close();
});

test("20 new orders in one lane: at least 12 whole on a 1024×768 tablet, the rest counted in the lane's heading, never over a ticket", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const board = await emptyBoardOnATablet(browser, baseURL!);
  await rushOfOrders(browser, baseURL!, 20);
  await expect(column(board, "New").getByRole("article")).toHaveCount(20);

  await expect.poll(() => ticketsInSight(board)).toBeGreaterThanOrEqual(12);
  // How many are out of sight is said in the lane's heading, not over the tickets.
  const more = column(board, "New").getByRole("button", { name: /\d+ (new|more) below/ });
  await expect(more).toBeVisible();
  const pill = (await more.boundingBox())!;
  const firstTicket = (await column(board, "New").getByRole("article").first().boundingBox())!;
  expect(pill.y + pill.height).toBeLessThanOrEqual(firstTicket.y);
  // Order number and waiting time at arm's length: 16 px at least.
  const sizes = await board.evaluate(() =>
    [".board-card__number", ".board-card__age"].map((css) =>
      parseFloat(getComputedStyle(document.querySelector(css)!).fontSize),
    ),
  );
  for (const size of sizes) expect(size).toBeGreaterThanOrEqual(16);
  await saveScreenshot(board, "order-board-one-lane", { fullPage: false });
  await expectNoSeriousA11yViolations(board, "order-board-one-lane-1024", testInfo);

  await board.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(() => ticketsInSight(board)).toBeGreaterThanOrEqual(16);
  await saveScreenshot(board, "order-board-one-lane", { fullPage: false });
  await board.context().close();
});

test("a new order alerts on the Menu page until someone says Seen: its sound every 30 s, then no more", async ({
  browser,
  baseURL,
}) => {
  const board = await baristaOnTheBoard(browser, baseURL!);
  // Every note the page plays is counted; the page's clock is ours to move on.
  await board.addInitScript(() => {
    const counted = window as unknown as { notesPlayed: number };
    counted.notesPlayed = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args: Parameters<typeof start>) {
      counted.notesPlayed += 1;
      return start.apply(this, args);
    };
  });
  await board.clock.install();
  // Nothing left to alert from the journeys before: the first tap would chime for it at once.
  await acknowledgeEverythingOverHttp(board.request, baseURL!);
  await board.goto("/staff/menu");
  await expect(board.getByRole("heading", { level: 1, name: "Menu and ordering" })).toBeVisible();
  await board.getByRole("button", { name: "Turn sound on" }).click();
  await expect(board.getByText(/Sound is off/)).toHaveCount(0);
  await expect(board.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  const notes = () => board.evaluate(() => (window as unknown as { notesPlayed: number }).notesPlayed);
  expect(await notes()).toBe(0);

  const customer = await customerOverHttp(browser, baseURL!, "Menu Page Customer");
  const orderId = await placeOrderOverHttp(customer.request, baseURL!, 2, 7);
  await customer.close();
  const number = orderNumberOf(orderId);
  await expect(board.getByRole("alert").filter({ hasText: number })).toBeVisible({ timeout: 5_000 });
  await expect(board).toHaveTitle(/^\(\d+\) New orders · Menu and ordering · Squeeze$/);
  await expect.poll(notes).toBe(6);

  await board.clock.fastForward(30_000);
  await expect.poll(notes).toBe(12);
  await board.getByRole("button", { name: "Seen" }).click();
  await expect(board.getByRole("alert").filter({ hasText: number })).toHaveCount(0);
  await board.clock.fastForward(90_000);
  expect(await notes()).toBe(12);
  // Its ticket waits on the board.
  await board
    .getByRole("navigation", { name: "Staff pages" })
    .getByRole("link", { name: /^Orders/ })
    .click();
  await expect(column(board, "New").getByRole("article", { name: number })).toBeVisible();
  await board.context().close();
});

test("Offline within 5 s of losing the network, and the orders placed meanwhile alert once it is back", async ({
  browser,
  baseURL,
}) => {
  const board = await baristaOnTheBoard(browser, baseURL!);
  await board.context().setOffline(true);
  await expect(board.getByRole("status").filter({ hasText: "Offline" })).toBeVisible({ timeout: 5_000 });

  const customer = await customerOverHttp(browser, baseURL!, "Offline Customer");
  const orderId = await placeOrderOverHttp(customer.request, baseURL!, 1, 3);
  await customer.close();
  const number = orderNumberOf(orderId);
  await board.waitForTimeout(1_000);
  await expect(board.getByRole("article", { name: number })).toHaveCount(0);

  await board.context().setOffline(false);
  await expect(board.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 10_000 });
  const ticket = column(board, "New").getByRole("article", { name: number });
  await expect(ticket).toBeVisible();
  await expect(ticket).toHaveClass(/board-card--alert/);
  await expect(board.getByRole("alert").filter({ hasText: number })).toBeVisible();
  await board.context().close();
});

test("a new order nobody has acknowledged is announced again after a reload, and Seen on one tablet ends it on the other", async ({
  browser,
  baseURL,
}) => {
  const counter = await baristaOnTheBoard(browser, baseURL!, { width: 1024, height: 768 });
  const back = await baristaOnTheBoard(browser, baseURL!);
  // Every note the counter's tablet plays is counted.
  await counter.addInitScript(() => {
    const counted = window as unknown as { notesPlayed: number };
    counted.notesPlayed = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args: Parameters<typeof start>) {
      counted.notesPlayed += 1;
      return start.apply(this, args);
    };
  });

  const customer = await customerOverHttp(browser, baseURL!, "Reload Customer");
  const orderId = await placeOrderOverHttp(customer.request, baseURL!, 2, 11);
  await customer.close();
  const number = orderNumberOf(orderId);
  for (const tablet of [counter, back]) {
    await expect(tablet.getByRole("alert").filter({ hasText: number })).toBeVisible({ timeout: 5_000 });
  }

  // Reloaded (a tablet restarted, a tap on refresh): the banner and the flashing ticket are back at once.
  await counter.reload();
  await expect(counter.getByRole("alert").filter({ hasText: number })).toBeVisible();
  const ticket = column(counter, "New").getByRole("article", { name: number });
  await expect(ticket).toHaveClass(/board-card--alert/);
  await expect(counter).toHaveTitle(/^\(\d+\) New orders/);
  // Its chime comes with the first tap (browsers play nothing before one).
  const notes = () => counter.evaluate(() => (window as unknown as { notesPlayed: number }).notesPlayed);
  expect(await notes()).toBe(0);
  await counter.getByRole("button", { name: "Turn sound on" }).click();
  await expect.poll(notes).toBeGreaterThanOrEqual(6);

  // Seen at the back: the counter's alert ends by itself, and stays ended after a reload.
  await back.getByRole("button", { name: "Seen" }).click();
  await expect(back.getByRole("alert").filter({ hasText: number })).toHaveCount(0);
  await expect(counter.getByRole("alert").filter({ hasText: number })).toHaveCount(0, { timeout: 5_000 });
  await expect(ticket).not.toHaveClass(/board-card--alert/);
  await counter.reload();
  await expect(column(counter, "New").getByRole("article", { name: number })).toBeVisible();
  await expect(counter.getByRole("alert").filter({ hasText: number })).toHaveCount(0);
  await counter.context().close();
  await back.context().close();
});
