import { expect, header, test } from "./support/fixtures";
import { signInOverHttp } from "./support/staff";

// A shop's own page names it once and shows its week; a ZIP typed to sort the shops stays for the
// visit; Scottsdale's barista marks only what Scottsdale sells.

test("a shop's page names it once and shows its week of hours", async ({ page }) => {
  await page.goto("/locations/scottsdale");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Squeeze Scottsdale");
  await expect(main.getByText("Squeeze Scottsdale", { exact: true })).toHaveCount(1);
  const week = main.getByRole("region", { name: "Opening hours" });
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])
    await expect(week.getByText(day, { exact: true })).toBeVisible();
});

test("a ZIP typed on /locations is still there, and the list still nearest first, in the shop picker", async ({
  page,
}) => {
  await page.goto("/locations");
  const main = page.getByRole("main");
  await main.getByLabel("Sort by distance from a ZIP code").fill("85251");
  await main.getByRole("button", { name: "Sort", exact: true }).click();
  await expect(main.getByText("Nearest first from 85251")).toBeVisible();

  await page.goto("/menu");
  await header(page)
    .getByRole("button", { name: /Choose your shop/ })
    .click();
  const picker = page.getByRole("dialog", { name: /shop/i });
  await expect(picker.getByLabel("Sort by distance from a ZIP code")).toHaveValue("85251");
  await expect(picker.getByText("Nearest first from 85251")).toBeVisible();
  await expect(picker.getByRole("article").first()).toHaveAccessibleName("Squeeze Scottsdale");
});

test("the staff Menu tab at Scottsdale lists only the drinks Scottsdale sells", async ({ browser, baseURL }) => {
  const tablet = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  try {
    await signInOverHttp(tablet.request, baseURL!, {
      name: "Scottie Scottsdale",
      email: "barista.scottsdale@example.com",
    });
    const board = await tablet.newPage();
    await board.goto("/staff/menu");
    await expect(board.getByRole("button", { name: "Ginger Fire Shot: available" })).toBeVisible();
    await expect(board.getByRole("button", { name: /^Immunity Shot:/ })).toHaveCount(0);
    await board.getByLabel("Find a drink").fill("Immunity");
    await expect(board.getByRole("status").filter({ hasText: "No drink matches “Immunity”." })).toBeVisible();
  } finally {
    await tablet.close();
  }
});
