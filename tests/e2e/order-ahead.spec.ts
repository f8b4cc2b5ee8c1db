import type { Page } from "@playwright/test";
import { shopDate } from "#common/shop-calendar";
import { expectNoSeriousA11yViolations, saveScreenshot } from "./support/a11y";
import { signInThroughModal, uniqueShopper } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { baristaOnTheBoard, boardOverHttp, column, moveOverHttp } from "./support/staff";

// Ordering ahead: a shopper picks a pickup time, the board holds the order in Later until its
// preparation is due (its pickup time minus its drinks' minutes), then moves it to New and
// alerts, on a board left open; once the barista has made it, the shopper's open order page says
// it is ready. The e2e shop is open around the clock (the development seed).
// It clears the board so that the queue, and so the first slot, is known: playwright.config.ts
// gives it a server of its own.

const MINUTE = 60_000;

/** What this journey reads of `GET /api/store` (common/availability.ts ShopStatus). */
interface ShopStatus {
  now: string;
  drinkLimits: { perSlot: number };
}
/** What it reads of `GET /api/pickup-days` (common/availability.ts PickupDaysResponse). */
interface PickupDays {
  pickupDays: { date: string; slots: { startsAt: string; full: boolean; drinksLeft: number }[] }[];
}
/** A Ginger Fire Shot takes 2 minutes (seed/opening-hours.sql). */
const SHOT_MINUTES = 2;
const TIME_ZONE = "America/Los_Angeles";

/**
 * The earliest slot and number of shots whose preparation starts 45 s to 165 s from `now` (two
 * minutes wide, so that one of them is an even number of minutes before a slot): soon enough to
 * watch it move, late enough to see it wait in Later first. Late in the evening that is one of
 * tomorrow's first slots.
 */
function slotDueShortly(
  status: ShopStatus,
  days: PickupDays,
): { startsAt: string; shots: number; prepStartsAt: number; dayLabel: string } {
  const now = Date.parse(status.now);
  const today = shopDate(now, TIME_ZONE);
  for (const day of days.pickupDays) {
    for (const slot of day.slots) {
      for (let shots = 1; shots <= status.drinkLimits.perSlot; shots += 1) {
        const prepStartsAt = Date.parse(slot.startsAt) - shots * SHOT_MINUTES * MINUTE;
        if (prepStartsAt - now >= 45_000 && prepStartsAt - now <= 165_000 && slot.drinksLeft >= shots && !slot.full)
          return { startsAt: slot.startsAt, shots, prepStartsAt, dayLabel: day.date === today ? "Today" : "Tomorrow" };
      }
    }
  }
  throw new Error("no slot's preparation starts in the next three minutes");
}

const clockTime = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: TIME_ZONE })
    .format(new Date(iso))
    .replace(/\s/g, " ");

/** The shop's clock and its days of pickup slots, as the shopper's browser reads them. */
const shopNow = async (page: Page) => {
  const [status, days] = await Promise.all([
    page.request.get("/api/store").then((response) => response.json() as Promise<ShopStatus>),
    page.request.get("/api/pickup-days").then((response) => response.json() as Promise<PickupDays>),
  ]);
  return { status, days };
};

test("an order for a time ahead waits in the board's Later lane, then moves to New with an alert when its preparation is due", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const board = await baristaOnTheBoard(browser, baseURL!, { width: 1024, height: 768 });
  // An empty queue: the first slot is the next quarter hour at least 5 minutes away.
  for (const open of (await boardOverHttp(board.request)).orders) {
    await moveOverHttp(board.request, baseURL!, open.id, { status: "cancelled", reason: "Customer asked" });
  }

  const shopper = uniqueShopper("Ahead");
  await page.goto("/categories/cat-wellness-shots/products/prd-ginger-shot");
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Order Now" }).click();
  await signInThroughModal(page, "Google", shopper);
  await expect(page).toHaveURL(/\/checkout$/);
  await main.getByLabel("Phone number").fill("+1 714 555 0178");

  // The day picker: today first, each open day of the week after it. Once today's last slot is
  // gone (late in the evening), today is not offered and the week starts with tomorrow.
  const picker = main.getByRole("group", { name: "Pickup time" });
  await picker.getByRole("radio", { name: "Pick a day and time" }).check();
  const day = picker.getByRole("combobox", { name: "Day" });
  await expect(day).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  const before = await shopNow(page);
  const todayOffered = before.days.pickupDays[0]?.date === shopDate(Date.parse(before.status.now), TIME_ZONE);
  await expect(day.getByRole("option")).toHaveCount(todayOffered ? 7 : 6);
  await expect(day.getByRole("option").nth(0)).toHaveText(todayOffered ? "Today" : "Tomorrow");
  await expect(day.getByRole("option").nth(1)).toHaveText(todayOffered ? "Tomorrow" : /^\w{3}, \w{3} \d{1,2}$/);
  await expectNoSeriousA11yViolations(page, "checkout-order-ahead", testInfo);
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await saveScreenshot(page, "checkout-order-ahead");
  }

  // The shop's clock and slots as of now: as many shots as bring their preparation within minutes.
  const { status, days } = await shopNow(page);
  const due = slotDueShortly(status, days);
  for (let shots = 1; shots < due.shots; shots += 1) {
    await main.getByRole("button", { name: /^Increase quantity of Ginger Fire Shot/ }).click();
  }
  await picker.getByRole("radio", { name: "Pick a day and time" }).check();
  await day.selectOption({ label: due.dayLabel });
  await picker.getByRole("combobox", { name: "Pickup slot" }).selectOption({ label: clockTime(due.startsAt) });
  const placed = page.waitForResponse((response) => response.url().endsWith("/api/orders") && response.ok());
  await main.getByRole("button", { name: "Checkout" }).click();
  const { order } = (await (await placed).json()) as { order: { id: string; pickup: { at: string } } };
  expect(order.pickup.at).toBe(due.startsAt);
  await page.getByRole("dialog", { name: "Success!" }).getByRole("button", { name: "Thanks" }).click();
  const number = `#${order.id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
  // The shopper keeps the order's page open meanwhile.
  await page.goto(`/orders/${order.id}`);
  await expect(main.getByTestId("order-time")).toContainText(clockTime(due.startsAt));
  await expect(main.getByTestId("order-ready")).toHaveCount(0);

  // On the board at once, in Later, with no alert.
  const waiting = column(board, "Later").getByRole("article", { name: number });
  await expect(waiting).toBeVisible({ timeout: 10_000 });
  // A pickup on another day than today's names its day too.
  const pickupDay =
    due.dayLabel === "Today"
      ? ""
      : `${new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: TIME_ZONE }).format(new Date(due.startsAt))}, `;
  await expect(waiting).toContainText(`Pickup ${pickupDay}${clockTime(due.startsAt)}`);
  await expect(column(board, "New").getByRole("article", { name: number })).toHaveCount(0);
  await expect(board.getByRole("alert").filter({ hasText: number })).toHaveCount(0);
  await expectNoSeriousA11yViolations(board, "order-board-later", testInfo);
  await saveScreenshot(board, "order-board-later");

  // When its preparation is due, it moves to New and alerts, on the board as it is (no reload).
  const untilDue = due.prepStartsAt - Date.now();
  const moved = column(board, "New").getByRole("article", { name: number });
  await expect(moved).toBeVisible({ timeout: Math.max(untilDue, 0) + 30_000 });
  await expect(board.getByRole("alert").filter({ hasText: new RegExp(`new orders?: .*${number}`, "i") })).toBeVisible();
  await expect(moved).toHaveClass(/board-card--alert/);
  await expect(column(board, "Later").getByRole("article", { name: number })).toHaveCount(0);
  await saveScreenshot(board, "order-board-later-moved");
  await board.getByRole("button", { name: "Seen" }).click();

  // Made and ready: the shopper's open page says so at once, in a banner and in the tab's title.
  await moveOverHttp(board.request, baseURL!, order.id, { status: "preparing" });
  await moveOverHttp(board.request, baseURL!, order.id, { status: "ready" });
  await expect(main.getByTestId("order-ready")).toContainText("Ready for pickup at");
  await expect(main.getByTestId("order-time")).toContainText("Ready since");
  await expect(page).toHaveTitle(/^Ready: order #/);
  await saveScreenshot(page, "order-ready-banner");
});
