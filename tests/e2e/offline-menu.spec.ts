import { randomUUID } from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import { freePort, startBuiltServer } from "#scripts/serve-built.mjs";
import { signInOverHttp } from "./support/staff";
import { expect, test } from "./support/fixtures";

// A menu that opens without a connection: a signed-in shopper opens the menu once, then the
// shop's server stops (Playwright's setOffline would not cut the service worker's own fetches),
// and the home page, the menu, a drink the shopper never opened and About still open, and the
// drink still goes into the cart; the checkout and My orders say they need a connection. The
// server is this journey's own, since it is stopped.

type Server = Awaited<ReturnType<typeof startBuiltServer>>;
let server: Server | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startBuiltServer({
    port: await freePort(Number(process.env.E2E_PORT ?? 5190) + 5),
    zipCentroids: false,
  });
});

test.afterAll(async () => {
  await server?.stop();
  server?.removeState();
});

test("with the server stopped, a shopper who opened the menu still opens a drink and fills the cart", async ({
  browser,
}) => {
  const baseURL = server!.baseUrl;
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await signInOverHttp(context.request, baseURL, {
    name: "Olive Offline",
    email: `olive-${randomUUID().slice(0, 8)}@example.com`,
  });

  await page.goto("/menu");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The service worker registers once the page is up, then keeps every drink of the menu.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const kept = await Promise.all(
            [
              "/api/categories/cat-wellness-shots/products/prd-beet-shot",
              "/images/drinks/beet-shot.svg",
              "/categories/cat-wellness-shots/products/prd-beet-shot",
            ].map((path) => caches.match(path)),
          );
          return kept.every(Boolean);
        }),
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(true);

  await server!.stop();
  expect((await fetch(`${baseURL}/api/categories`).catch(() => null))?.status, "the server is gone").toBeUndefined();

  await page.goto("/categories/cat-wellness-shots/products/prd-beet-shot");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Beet Boost Shot", level: 1 })).toBeVisible();
  const picture = main.getByRole("img", { name: "Beet Boost Shot", exact: true });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await main.getByRole("button", { name: "Add to Cart", exact: true }).click();
  const cart = page.getByRole("dialog", { name: "Cart" });
  await expect(cart).toBeVisible();
  await expect(cart.getByText("Beet Boost Shot")).toBeVisible();

  for (const [path, heading] of [
    ["/menu", "Our Menu"],
    ["/about", /Pressing joy into every cup/],
    ["/", undefined],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  // The cart kept the drink across the pages opened without a connection.
  await expect(page.getByRole("button", { name: "Cart, 1 item" })).toBeVisible();

  // The pages that need the shop say so plainly once the browser knows it is offline, and the
  // checkout still holds the cart.
  await context.setOffline(true);
  await page.goto("/checkout");
  await knowOffline(context);
  await expect(page.getByText("Checkout needs a connection to send your order.")).toBeVisible();
  await expect(page.getByRole("main").getByText("Beet Boost Shot")).toBeVisible();
  await page.goto("/orders");
  await knowOffline(context);
  await expect(page.getByText("My orders needs a connection")).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

/**
 * Chromium's offline emulation does not reach a document opened while it is on (there
 * `navigator.onLine` reads true, as no device without a network would say): going offline once
 * more tells the open page, as a real device's own state would have from the start.
 */
async function knowOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
  await context.setOffline(true);
}
