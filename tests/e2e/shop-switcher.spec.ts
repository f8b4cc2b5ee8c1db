import { randomUUID } from "node:crypto";
import { expectNoSeriousA11yViolations, saveScreenshot } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { baristaOnTheBoard, column, customerOverHttp, orderNumberOf, signInOverHttp } from "./support/staff";

// Three browsers: a shopper orders at Fullerton; the manager of Anaheim and Fullerton switches to
// Fullerton's board, where it arrives, and takes it to Ready, which the shopper's page follows;
// Anaheim's barista never sees it, and the manager is refused Scottsdale's.

const MANAGER = { name: "Morgan Manager", email: "manager@example.com" };

test("a manager switches the board to Fullerton, where a Fullerton order arrives live and goes to Ready on the shopper's page", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const managerContext = await browser.newContext({
    baseURL,
    viewport: { width: 1024, height: 768 },
    extraHTTPHeaders: { "CF-Connecting-IP": `10.251.${Math.floor(Math.random() * 250)}.7` },
  });
  await signInOverHttp(managerContext.request, baseURL!, MANAGER);
  const board = await managerContext.newPage();
  await board.goto("/staff");
  const switcher = board.getByRole("combobox", { name: "Shop" });
  await expect(switcher).toHaveValue("loc-anaheim");
  await expect(board.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 30_000 });
  const anaheimBarista = await baristaOnTheBoard(browser, baseURL!, { width: 1024, height: 768 });
  await expect(anaheimBarista.getByRole("combobox", { name: "Shop" })).toHaveCount(0);

  await switcher.selectOption("loc-fullerton");
  await expect(switcher).toHaveValue("loc-fullerton");
  await expect(board.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 30_000 });

  // A shopper orders at Fullerton: it reaches the manager's Fullerton board by itself.
  const shopper = await customerOverHttp(browser, baseURL!, "Fullerton Shopper");
  const placed = await shopper.request.post("/api/orders", {
    headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
    data: {
      locationId: "loc-fullerton",
      phone: "+1 714 555 0191",
      lines: [{ productId: "prd-sunrise-orange", size: "medium", quantity: 1, note: "For Fullerton" }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const number = orderNumberOf(((await placed.json()) as { order: { id: string } }).order.id);
  const shopperPage = await shopper.newPage();
  await shopperPage.goto("/orders");
  const followed = shopperPage.getByRole("main").getByRole("article").filter({ hasText: number });
  await expect(followed.locator('[aria-current="step"]')).toHaveText("Received");
  const ticket = column(board, "New").getByRole("article", { name: number });
  await expect(ticket).toBeVisible({ timeout: 10_000 });
  await expectNoSeriousA11yViolations(board, "shop-switcher-board", testInfo);
  await saveScreenshot(board, "shop-switcher-board", { fullPage: false });
  await board.setViewportSize({ width: 390, height: 844 });
  await expect(switcher).toBeVisible();
  await saveScreenshot(board, "shop-switcher-board", { fullPage: false });

  await board.setViewportSize({ width: 1024, height: 768 });

  // The manager takes it to Ready on Fullerton's board; the shopper's page follows without a reload.
  await ticket.getByRole("button", { name: "Start" }).click();
  await column(board, "Preparing")
    .getByRole("article", { name: number })
    .getByRole("button", { name: "Ready" })
    .click();
  await expect(column(board, "Ready").getByRole("article", { name: number })).toBeVisible();
  await expect(followed.locator('[aria-current="step"]')).toHaveText("Ready", { timeout: 10_000 });

  // Anaheim's board never shows it; the manager's, back on Anaheim, neither.
  await expect(anaheimBarista.getByRole("article", { name: number })).toHaveCount(0);
  await switcher.selectOption("loc-anaheim");
  await expect(board.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 30_000 });
  await expect(board.getByRole("article", { name: number })).toHaveCount(0);

  // Scottsdale is not theirs.
  expect((await managerContext.request.get("/api/staff/orders?location=loc-scottsdale")).status()).toBe(403);
  await managerContext.close();
  await shopper.close();
});
