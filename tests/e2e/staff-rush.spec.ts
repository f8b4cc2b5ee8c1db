import type { Browser, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, saveScreenshot } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import {
  baristaOnTheBoard,
  boardOverHttp,
  column,
  customerOverHttp,
  moveOverHttp,
  orderNumberOf,
  placeOrderOverHttp,
} from "./support/staff";

// The counter in a rush. These journeys clear the board and count what is on it, so
// playwright.config.ts runs them after every other journey, one after the other.
test.describe.configure({ mode: "serial" });

/** Tickets wholly on screen: inside the window and inside their lane's scrolling box. */
function ticketsInSight(board: Page): Promise<number> {
  return board.evaluate(() => {
    const tickets = Array.from(document.querySelectorAll<HTMLElement>("article[data-order-id]"));
    return tickets.filter((ticket) => {
      const box = ticket.getBoundingClientRect();
      const lane = ticket.closest(".board__cards")?.getBoundingClientRect();
      return (
        box.top >= 0 &&
        box.left >= 0 &&
        box.bottom <= window.innerHeight &&
        box.right <= window.innerWidth &&
        (!lane || (box.top >= lane.top - 1 && box.bottom <= lane.bottom + 1))
      );
    }).length;
  });
}

/** Cancels every open order, so the board holds only what a test puts on it. */
async function clearTheBoard(board: Page, baseURL: string) {
  for (const order of (await boardOverHttp(board.request)).orders) {
    await moveOverHttp(board.request, baseURL, order.id, { status: "cancelled", reason: "Customer asked" });
  }
}

/** `count` orders of one to three drinks from several customers (each may place 5 in 10 minutes). */
async function rush(browser: Browser, baseURL: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let person = 0; ids.length < count; person += 1) {
    const customer = await customerOverHttp(browser, baseURL, `Rush Customer ${person + 1}`);
    for (let index = 0; index < 4 && ids.length < count; index += 1) {
      ids.push(await placeOrderOverHttp(customer.request, baseURL, 1 + (ids.length % 3), ids.length));
    }
    await customer.close();
  }
  return ids;
}

test("12 open orders: at least 8 in sight on a 1024×768 tablet, all 12 at 1440×900, the newest never out of sight", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const board = await baristaOnTheBoard(browser, baseURL!, { width: 1024, height: 768 });
  await clearTheBoard(board, baseURL!);
  await expect(board.getByRole("article")).toHaveCount(0);

  const ids = await rush(browser, baseURL!, 12);
  // A rush in progress: some being made, some waiting at the counter.
  for (const id of ids.slice(0, 5)) await moveOverHttp(board.request, baseURL!, id, { status: "preparing" });
  for (const id of ids.slice(0, 2)) await moveOverHttp(board.request, baseURL!, id, { status: "ready" });
  await expect(board.getByRole("article")).toHaveCount(12);
  await expect(column(board, "New").getByRole("article")).toHaveCount(7);

  // The newest is in sight, or a marker says it is below and brings it into view.
  const newest = board.locator(`article[data-order-id="${ids.at(-1)}"]`);
  const newBelow = board.getByRole("button", { name: /new below/ });
  if (await newBelow.isVisible()) {
    await newBelow.click();
    await expect(newest).toBeInViewport();
  }
  await expect(newest).toBeInViewport();
  await expect(board.getByRole("alert").filter({ hasText: /new orders/ })).toBeVisible();

  // On the tablet: at least 8 of the 12 without scrolling, and the bar in view.
  await expect.poll(() => ticketsInSight(board)).toBeGreaterThanOrEqual(8);
  expect(await board.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(768);
  await expect(board.getByRole("status").filter({ hasText: "Live" })).toBeInViewport();
  await saveScreenshot(board, "order-board-rush", { fullPage: false });
  await expectNoSeriousA11yViolations(board, "order-board-rush-1024", testInfo);

  // On a wide screen: all 12.
  await board.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(() => ticketsInSight(board)).toBe(12);
  await saveScreenshot(board, "order-board-rush", { fullPage: false });
  await expectNoSeriousA11yViolations(board, "order-board-rush-1440", testInfo);

  // The Menu page on a phone: grouped by category, with its search.
  await board.setViewportSize({ width: 390, height: 844 });
  await board.goto("/staff/menu");
  await expect(board.getByRole("searchbox", { name: "Find a drink" })).toBeVisible();
  await expect(board.getByRole("region", { name: "Smoothies" })).toBeVisible();
  await saveScreenshot(board, "staff-menu-rush", { fullPage: false });
  await expectNoSeriousA11yViolations(board, "staff-menu-390", testInfo);
  expect(await board.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
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
