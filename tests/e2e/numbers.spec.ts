import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { csvRecords } from "#tests/shared/csv-reading";
import { expectNoSeriousA11yViolations, saveScreenshot } from "./support/a11y";
import { dollars, expect, test } from "./support/fixtures";
import {
  BARISTA,
  baristaTablet,
  customerOverHttp,
  moveOverHttp,
  placeOrderOverHttp,
  signInOverHttp,
} from "./support/staff";

const OWNER = { name: "Olive Owner", email: "owner@example.com" };

interface Totals {
  orders: number;
  netSalesCents: number;
  refundsCents: number;
  refundsOfTheseSalesCents: number;
  grossSalesCents: number;
  discountsCents: number;
  tipsCents: number;
  deliveryFeesCents: number;
  totalCollectedCents: number;
}

/** Today on Anaheim's calendar. */
function anaheimToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());
}

async function todaysTotals(
  request: APIRequestContext,
): Promise<{ totals: Totals; toCollectCents: number; refundsOwedCents: number; promoCodes: PromoCodeRow[] }> {
  const today = anaheimToday();
  const response = await request.get(`/api/staff/numbers?from=${today}&to=${today}&location=loc-anaheim`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    totals: Totals;
    apart: { toCollect: { cents: number }; refundsOwed: { cents: number } };
    promoCodes: PromoCodeRow[];
  };
  return {
    totals: body.totals,
    toCollectCents: body.apart.toCollect.cents,
    refundsOwedCents: body.apart.refundsOwed.cents,
    promoCodes: body.promoCodes,
  };
}

interface PromoCodeRow {
  code: string;
  uses: number;
  discountCents: number;
  usesLeft: number | null;
}

/** A figure as the page shows it: a headline one, or one shown apart. */
function figure(page: Page, label: string, group: "Figures" | "Shown apart" = "Figures") {
  return page
    .locator(`dl[aria-label="${group}"] .numbers-figure`)
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator(".numbers-figure__value");
}

/**
 * The staff frame scrolls inside its main area, so a whole-page picture would show one screen: the
 * window is made as tall as the page's content for the picture, then put back.
 */
async function pictureOfTheWholePage(page: Page, name: string) {
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.querySelector(".staff-numbers")!.scrollHeight + 200);
  await page.setViewportSize({ width: viewport.width, height });
  await saveScreenshot(page, name);
  await page.setViewportSize(viewport);
}

const cents = (records: Record<string, string>[], column: string) =>
  Math.round(records.reduce((sum, record) => sum + Number(record[column]), 0) * 100);

test("the owner opens Numbers, sees today's figures follow the orders, and downloads both CSVs", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const owner = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  await signInOverHttp(owner.request, baseURL!, OWNER);
  const page = await owner.newPage();
  await page.goto("/staff");
  await page.getByRole("navigation", { name: "Staff pages" }).getByRole("link", { name: "Numbers" }).click();
  await expect(page).toHaveURL(/\/staff\/numbers$/);
  await expect(page.getByRole("heading", { level: 1, name: "Numbers" })).toBeVisible();
  // The owner sees every shop; the page opens on the shop chosen in the staff bar, their first (Anaheim).
  await expect(page.getByText(/\(today\)$/)).toBeVisible();

  const before = await todaysTotals(owner.request);
  await expect(figure(page, "Orders")).toHaveText(String(before.totals.orders));

  // A new shopper's first order, with WELCOME10, paid at the counter later: in sales at once, still
  // to collect; its drinks in gross sales at their menu prices, the code's 10% under Discounts.
  const shopper = await customerOverHttp(browser, baseURL!, "Numbers Shopper");
  const placing = await shopper.request.post("/api/orders", {
    headers: { Origin: baseURL!, "Idempotency-Key": crypto.randomUUID() },
    data: {
      phone: "+1 714 555 0190",
      lines: [{ productId: "prd-sunrise-orange", size: "medium", quantity: 2, note: "" }],
      promoCode: "welcome10",
    },
  });
  expect(placing.status(), await placing.text()).toBe(201);
  const first = ((await placing.json()) as { order: { id: string } }).order.id;
  const firstTotal = (
    (await (await shopper.request.get(`/api/orders/${first}`)).json()) as { order: { totalCents: number } }
  ).order.totalCents;
  const coded = await todaysTotals(owner.request);
  const firstDiscount = coded.totals.discountsCents - before.totals.discountsCents;
  expect(firstDiscount).toBeGreaterThan(0);
  expect(coded.totals.grossSalesCents - before.totals.grossSalesCents).toBe(firstTotal + firstDiscount);
  await page.reload();
  await expect(figure(page, "Orders")).toHaveText(String(before.totals.orders + 1));
  await expect(figure(page, "Net sales")).toHaveText(dollars(before.totals.netSalesCents + firstTotal));
  await expect(figure(page, "Discounts")).toHaveText(dollars(before.totals.discountsCents + firstDiscount));
  const welcome = coded.promoCodes.find((code) => code.code === "WELCOME10")!;
  expect(welcome.uses).toBe((before.promoCodes.find((code) => code.code === "WELCOME10")?.uses ?? 0) + 1);
  await expect(
    page
      .getByRole("table", { name: "Codes, most discount given first" })
      .getByRole("row")
      .filter({ hasText: "WELCOME10" }),
  ).toHaveText(`WELCOME10${welcome.uses}${dollars(welcome.discountCents)}No limit`);
  await expect(figure(page, "Total collected")).toHaveText(dollars(before.totals.totalCollectedCents));
  await expect(figure(page, "To collect", "Shown apart")).toContainText(dollars(before.toCollectCents + firstTotal));

  // The counter collects a second order, cancels it, and gives the money back on the board.
  const second = await placeOrderOverHttp(shopper.request, baseURL!, 1, 4);
  const secondTotal = (
    (await (await shopper.request.get(`/api/orders/${second}`)).json()) as { order: { totalCents: number } }
  ).order.totalCents;
  const counter = await browser.newContext({ baseURL });
  await signInOverHttp(counter.request, baseURL!, BARISTA);
  const paid = await counter.request.post(`/api/staff/orders/${second}/paid-at-counter`, {
    headers: { Origin: baseURL! },
    data: {},
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await page.reload();
  await expect(figure(page, "Total collected")).toHaveText(dollars(before.totals.totalCollectedCents + secondTotal));
  await moveOverHttp(counter.request, baseURL!, second, { status: "cancelled", reason: "Out of stock" });
  // Cancelled, its money not yet handed back: a refund owed, still in total collected.
  await page.reload();
  await expect(figure(page, "Orders")).toHaveText(String(before.totals.orders + 2));
  await expect(figure(page, "Refunds")).toHaveText(dollars(before.totals.refundsOfTheseSalesCents));
  await expect(figure(page, "Total collected")).toHaveText(dollars(before.totals.totalCollectedCents + secondTotal));
  await expect(figure(page, "Refunds owed", "Shown apart")).toContainText(
    dollars(before.refundsOwedCents + secondTotal),
  );

  const board = await baristaTablet(browser, baseURL, { width: 1024, height: 768 });
  const number = `#${second.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
  await board
    .getByRole("region", { name: /Give back at the counter/ })
    .getByRole("button", { name: `Give back ${dollars(secondTotal)}: order ${number}, tap once it is given` })
    .click();
  await expect(board.getByRole("button", { name: new RegExp(`order ${number}, tap once`) })).toHaveCount(0);
  await board.context().close();

  // Given back: a refund today, out of total collected and no longer owed.
  await page.reload();
  await expect(figure(page, "Orders")).toHaveText(String(before.totals.orders + 2));
  // Today's sale given back today: a refund of these days' sales, not of an earlier one.
  await expect(figure(page, "Refunds")).toHaveText(dollars(before.totals.refundsOfTheseSalesCents + secondTotal));
  await expect(figure(page, "Net sales")).toHaveText(dollars(before.totals.netSalesCents + firstTotal));
  await expect(figure(page, "Total collected")).toHaveText(dollars(before.totals.totalCollectedCents));
  await expect(figure(page, "Refunds owed", "Shown apart")).toContainText(dollars(before.refundsOwedCents));

  await expectNoSeriousA11yViolations(page, "numbers", test.info());
  await pictureOfTheWholePage(page, "numbers");

  // Both exports, with the same query: their columns add up to the page's figures.
  const after = await todaysTotals(owner.request);
  for (const name of ["orders.csv", "lines.csv"]) {
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: `Download ${name}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`squeeze-anaheim-${anaheimToday()}-${name.replace(".csv", "")}.csv`);
    const records = csvRecords(readFileSync((await download.path())!, "utf8"));
    expect(cents(records, "Gross Sales")).toBe(after.totals.grossSalesCents);
    expect(cents(records, "Discounts")).toBe(after.totals.discountsCents);
    expect(cents(records, "Refunds")).toBe(after.totals.refundsCents);
    expect(cents(records, "Net Sales")).toBe(after.totals.netSalesCents);
    if (name === "orders.csv") {
      expect(cents(records, "Total Collected")).toBe(after.totals.totalCollectedCents);
      expect(records.filter((record) => record.Type === "Sale")).toHaveLength(after.totals.orders);
      expect(
        records.find((record) => record.Order === `#${first.replace(/-/g, "").slice(0, 8).toUpperCase()}`),
      ).toMatchObject({
        "Discount Names": "WELCOME10",
      });
    }
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "This month" }).click();
  await expect(page.getByRole("heading", { name: "By day" })).toBeVisible();
  // A tap on the last day's bar says its value; the value axis names the top one.
  const days = page.getByRole("region", { name: "By day" }).getByRole("figure", { name: "Orders" });
  const bars = days.locator("svg");
  const box = (await bars.boundingBox())!;
  await bars.click({ position: { x: box.width - 2, y: box.height / 2 } });
  await expect(days.getByTestId("chart-readout")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}: \d+$/);
  await expect(days.getByTestId("chart-axis")).toContainText(String(after.totals.orders));
  // Nothing but the tables of what sold scrolls sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await pictureOfTheWholePage(page, "numbers-month");
  await expectNoSeriousA11yViolations(page, "numbers at 390", test.info());

  await Promise.all([owner.close(), shopper.close(), counter.close()]);
});

test("a barista is refused the numbers and has no Numbers tab", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  await signInOverHttp(context.request, baseURL!, BARISTA);
  const page = await context.newPage();
  await page.goto("/staff/numbers");
  await expect(page.getByRole("alert").filter({ hasText: "for the shops' managers and owner" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Staff pages" }).getByRole("link", { name: "Numbers" }),
  ).toHaveCount(0);
  await context.close();
});

test("on a phone, the owner sees a free drink spent as a Loyalty discount, and the stamps earned, spent and owed", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const owner = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await signInOverHttp(owner.request, baseURL!, OWNER);
  const today = anaheimToday();
  const numbersOf = async () => {
    const response = await owner.request.get(`/api/staff/numbers?from=${today}&to=${today}&location=loc-anaheim`);
    expect(response.status()).toBe(200);
    return (await response.json()) as {
      totals: { discountsCents: number; discountParts: { promo: number; loyalty: number } };
      stampCard: { earned: number; spent: number; rewardsSpent: number; outstanding?: number };
    };
  };
  const before = await numbersOf();
  expect(before.stampCard.outstanding).toBeDefined();

  // A regular's nine drinks, handed over with "Collected": nine stamps, the free drink's worth.
  const regular = await customerOverHttp(browser, baseURL!, "Stamp Regular");
  const order = async (data: Record<string, unknown>) => {
    const response = await regular.request.post("/api/orders", {
      headers: { Origin: baseURL!, "Idempotency-Key": crypto.randomUUID() },
      data: { phone: "+1 714 555 0191", ...data },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { order: { id: string } }).order.id;
  };
  const nine = await order({ lines: [{ productId: "prd-sunrise-orange", size: "medium", quantity: 9, note: "" }] });
  const counter = await browser.newContext({ baseURL });
  await signInOverHttp(counter.request, baseURL!, BARISTA);
  for (const status of ["preparing", "ready"]) await moveOverHttp(counter.request, baseURL!, nine, { status });
  const done = await counter.request.post(`/api/staff/orders/${nine}/status`, {
    headers: { Origin: baseURL! },
    data: { status: "completed", payment: "collected" },
  });
  expect(done.status(), await done.text()).toBe(200);
  await counter.close();

  // The next order spends the card on its first line's drink.
  await order({
    lines: [
      { productId: "prd-sunrise-orange", size: "medium", quantity: 1, note: "" },
      { productId: "prd-ginger-shot", size: "default", quantity: 1, note: "" },
    ],
    reward: { id: "rwd-free-drink", line: 0 },
  });
  const after = await numbersOf();
  const loyalty = after.totals.discountParts.loyalty - before.totals.discountParts.loyalty;
  expect(loyalty).toBeGreaterThan(0);
  expect(after.totals.discountsCents - before.totals.discountsCents).toBe(loyalty);
  expect(after.stampCard).toEqual({
    earned: before.stampCard.earned + 9,
    spent: before.stampCard.spent + 9,
    rewardsSpent: before.stampCard.rewardsSpent + 1,
    outstanding: before.stampCard.outstanding,
  });

  const page = await owner.newPage();
  await page.goto("/staff/numbers");
  await expect(page.getByText(/\(today\)$/)).toBeVisible();
  const discounts = page
    .locator('dl[aria-label="Figures"] .numbers-figure')
    .filter({ has: page.getByText("Discounts", { exact: true }) });
  await expect(discounts.locator(".numbers-figure__value")).toHaveText(dollars(after.totals.discountsCents));
  await expect(discounts.locator(".numbers-figure__parts")).toHaveText(
    `Promo codes ${dollars(after.totals.discountParts.promo)} · Loyalty ${dollars(after.totals.discountParts.loyalty)}`,
  );
  const card = page.getByRole("region", { name: "Stamp card" });
  const stampFigure = (label: string) =>
    card
      .locator(".numbers-figure")
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator(".numbers-figure__value");
  await expect(stampFigure("Stamps earned")).toHaveText(String(after.stampCard.earned));
  await expect(stampFigure("Stamps spent")).toHaveText(String(after.stampCard.spent));
  await expect(stampFigure("Rewards spent")).toHaveText(String(after.stampCard.rewardsSpent));
  await expect(stampFigure("Stamps outstanding")).toHaveText(String(after.stampCard.outstanding));
  await expectNoSeriousA11yViolations(page, "numbers-stamp-card", test.info());
  await pictureOfTheWholePage(page, "numbers-stamp-card");
  await page.setViewportSize({ width: 1440, height: 900 });
  await pictureOfTheWholePage(page, "numbers-stamp-card");

  // orders.csv says the reward by its name, once, with its Loyalty part and the stamps it spent.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download orders.csv" }).click();
  const records = csvRecords(readFileSync((await (await downloading).path())!, "utf8"));
  const rewarded = records.filter((record) => record["Discount Names"] === "A free drink");
  expect(rewarded).toHaveLength(1);
  expect(Math.round(Number(rewarded[0]!["Loyalty Discounts"]) * 100)).toBe(loyalty);
  expect(rewarded[0]!["Stamps Spent"]).toBe("9");
  expect(cents(records, "Loyalty Discounts")).toBe(after.totals.discountParts.loyalty);
  await owner.close();
  await regular.close();
});
