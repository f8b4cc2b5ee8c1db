import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// The landing pages' HTML names what the page needs at once (worker/routes/pages.ts). The
// hints only help if the browser really uses them: a hint that does not match the app's own
// request (say, a different credentials mode) downloads everything twice.

function watchLoading(page: Page) {
  const apiRequests: string[] = [];
  const unusedPreloads: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) apiRequests.push(url.pathname);
  });
  page.on("console", (message) => {
    if (/preload/i.test(message.text())) unusedPreloads.push(message.text());
  });
  return { apiRequests, unusedPreloads };
}

const count = (list: string[], item: string) => list.filter((entry) => entry === item).length;

test("the menu fetches its categories and first drinks once each, through the page's hints", async ({ page }) => {
  const loading = watchLoading(page);
  const response = await page.goto("/menu");
  expect(await response?.text()).toContain('<link rel="preload" as="fetch" href="/api/categories/cat-fresh-juices/products" crossorigin>');
  await expect(page.getByRole("heading", { name: "Sunrise Orange" })).toBeVisible();
  // Let the browser's own check for unused preloads (a few seconds after load) have its say.
  await page.waitForTimeout(3_500);
  expect(count(loading.apiRequests, "/api/categories")).toBe(1);
  expect(count(loading.apiRequests, "/api/categories/cat-fresh-juices/products")).toBe(1);
  expect(loading.unusedPreloads).toEqual([]);
});

test("a drink's page fetches the drink once, through the page's hints", async ({ page }) => {
  const loading = watchLoading(page);
  await page.goto("/categories/cat-smoothies/products/prd-berry-blast");
  await expect(page.getByRole("heading", { level: 1, name: "Berry Blast" })).toBeVisible();
  await page.waitForTimeout(3_500);
  expect(count(loading.apiRequests, "/api/categories/cat-smoothies/products/prd-berry-blast")).toBe(1);
  expect(loading.unusedPreloads).toEqual([]);
});
