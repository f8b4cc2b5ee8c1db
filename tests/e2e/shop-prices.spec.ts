import { signInThroughModal, uniqueShopper } from "./support/auth";
import { expect, test } from "./support/fixtures";

// The shop the shopper chose (the shop cookie) sells at its own prices and without the drinks it
// does not sell: the worker renders that shop's drink page, the app hydrates it with the same
// shop's data, and the cart adds up what the page said.

const SUNRISE = "/categories/cat-fresh-juices/products/prd-sunrise-orange";

async function chooseShop(context: import("@playwright/test").BrowserContext, baseURL: string, shop: string) {
  await context.addCookies([{ name: "squeeze_shop", value: shop, url: baseURL }]);
}

test("at Fullerton, Sunrise Orange medium is $7.49 from the first paint to the cart, and Anaheim's stays $6.49", async ({
  page,
  browser,
  context,
  baseURL,
}) => {
  await chooseShop(context, baseURL!, "loc-fullerton");
  const catalogRequests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/categories")) catalogRequests.push(url.pathname + url.search);
  });
  const redraws: string[] = [];
  page.on("console", (message) => {
    if (/differed|hydrat/i.test(message.text())) redraws.push(message.text());
  });

  const response = await page.goto(SUNRISE);
  expect(await response!.text()).toContain("$7.49");
  await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
  const main = page.getByRole("main");
  const medium = main.getByRole("button", { name: /^Medium/ });
  await expect(medium).toContainText("$7.49");
  await expect(medium).not.toContainText("$6.49");
  await medium.click();
  await expect(main.getByTestId("drink-total")).toContainText("$7.49");
  // The app asked for Fullerton's drink (by its hint), and nothing of another shop's menu.
  expect(catalogRequests).toContain(
    "/api/categories/cat-fresh-juices/products/prd-sunrise-orange?location=loc-fullerton",
  );
  expect(catalogRequests.filter((request) => !request.endsWith("?location=loc-fullerton"))).toEqual([]);
  expect(redraws).toEqual([]);

  await main.getByRole("button", { name: "Add to Cart" }).click();
  await signInThroughModal(page, "Google", uniqueShopper("Fullerton"));
  const cart = page.getByRole("dialog", { name: "Cart" });
  await expect(cart.getByTestId("cart-total")).toHaveText("$7.49");

  // Anaheim, the default shop, for a visitor who chose none: the catalog's sale price. (This
  // shopper's account now remembers Fullerton, and signed in they are shown Fullerton again.)
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(SUNRISE);
  await expect(visitorPage.locator("#root[data-hydrate]")).toHaveCount(0);
  await expect(visitorPage.getByRole("main").getByRole("button", { name: /^Medium/ })).toContainText("$6.49");
  await visitor.close();
});

test("at Scottsdale, the Immunity Shot it does not sell says so and where it is sold; a drink there is not stays not found", async ({
  page,
  context,
  baseURL,
}) => {
  await chooseShop(context, baseURL!, "loc-scottsdale");
  const response = await page.goto("/categories/cat-wellness-shots/products/prd-immunity-shot");
  expect(response!.status()).toBe(404);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Not sold at Squeeze Scottsdale" })).toBeVisible();
  await expect(main.getByRole("heading", { name: "Product not found" })).toHaveCount(0);
  const elsewhere = main.getByRole("button", { name: /^Order it at / });
  await expect(elsewhere).toHaveText(["Order it at Squeeze Fullerton", "Order it at Squeeze Anaheim"]);

  // Choosing a shop that sells it shows the drink there.
  await elsewhere.first().click();
  await expect(main.getByRole("heading", { name: "Immunity Shot", level: 1 })).toBeVisible();
  await expect(main.getByRole("button", { name: "Add to Cart" })).toBeVisible();

  const missing = await page.goto("/categories/cat-wellness-shots/products/prd-no-such-shot");
  expect(missing!.status()).toBe(404);
  await expect(main.getByRole("heading", { name: "Product not found" })).toBeVisible();

  await chooseShop(context, baseURL!, "loc-scottsdale");
  await page.evaluate(() => localStorage.removeItem("squeeze:shop"));
  await page.goto("/menu?category=wellness-shots");
  await expect(page.getByRole("heading", { name: "Ginger Fire Shot" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Immunity Shot" })).toHaveCount(0);
});
