import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { layoutShiftScore, layoutShifts, watchLayoutShifts } from "./support/layout-shifts";

// Every page speaks for the chosen shop: the footer's phone and address, the home page's town and
// delivery promise. The home page's HTML is built once for everyone, so it paints the business's
// words and shows the shop's once the app has taken over, without moving anything; the pages the
// worker renders per shop paint the shop's from the first byte.

const SHOPS = [
  {
    id: "loc-anaheim",
    town: "Anaheim",
    phone: "+1 714 215 4499",
    address: "512 South Brookhurst St #4, Anaheim, CA 92804",
    promise: "Delivery in 60-90 minutes",
  },
  {
    id: "loc-fullerton",
    town: "Fullerton",
    phone: "+1 714 555 0142",
    address: "305 North Harbor Blvd, Fullerton, CA 92832",
    promise: "Delivery in 60-90 minutes",
  },
  {
    id: "loc-scottsdale",
    town: "Scottsdale",
    phone: "+1 480 555 0177",
    address: "7014 East Camelback Rd, Scottsdale, AZ 85251",
    promise: "Pickup at the counter in Scottsdale",
  },
] as const;

async function chooseShop(context: BrowserContext, baseURL: string, shop: string) {
  await context.addCookies([{ name: "squeeze_shop", value: shop, url: baseURL }]);
}

/**
 * Where the parts that change with the shop sit: the hero's copy and its promise (the first
 * screen), and the size of the footer's contact column (what is above the footer may still load).
 */
async function boxes(page: Page) {
  const footer = page.locator(".site-footer");
  await footer.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  // The footer is laid out once it comes near (content-visibility: auto).
  await expect
    .poll(() => page.locator(".site-footer .contact-links").evaluate((list) => list.getBoundingClientRect().height))
    .toBeGreaterThan(0);
  return page.evaluate(() => {
    const box = (selector: string) => {
      const rect = document.querySelector(selector)!.getBoundingClientRect();
      return { top: Math.round(rect.top + window.scrollY), height: Math.round(rect.height) };
    };
    return {
      heroCopy: box(".hero__copy"),
      promise: box(".hero__promise"),
      contact: box(".site-footer .contact-links").height,
    };
  });
}

for (const width of [390, 1440]) {
  for (const shop of SHOPS) {
    test(`at ${width} px the home page and footer name ${shop.town} once the app has taken over, and nothing moves`, async ({
      page,
      browser,
      context,
      baseURL,
    }) => {
      const height = width === 390 ? 844 : 900;
      await page.setViewportSize({ width, height });
      await chooseShop(context, baseURL!, shop.id);

      // The HTML alone (no script runs): the business's words.
      const htmlOnly = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height } });
      await chooseShop(htmlOnly, baseURL!, shop.id);
      const painted = await htmlOnly.newPage();
      await painted.goto("/");
      await expect(painted.locator(".hero .eyebrow")).toHaveText("Cold-pressed in California");
      await expect(painted.locator(".hero__promise")).toHaveText("Order ahead for pickup or delivery");
      const before = await boxes(painted);
      await htmlOnly.close();

      // The app: the shop's words in the same places, and no layout shift on the first screen.
      await watchLayoutShifts(page);
      await page.goto("/");
      await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
      await expect(page.locator(".hero .eyebrow")).toHaveText(`Cold-pressed in ${shop.town}`);
      await expect(page.locator(".hero__promise")).toHaveText(shop.promise);
      const footer = page.locator(".site-footer");
      await expect(footer.getByRole("link", { name: shop.phone })).toHaveAttribute(
        "href",
        `tel:${shop.phone.replace(/[^\d+]/g, "")}`,
      );
      await expect(footer).toContainText(shop.address);
      const shifts = await layoutShifts(page);
      // Lighthouse reports layout shift to three decimals: "nothing moves" is a score that rounds
      // to 0.000. A sub-pixel nudge (2e-5, seen once under load) is not the shop's words moving.
      expect(layoutShiftScore(shifts), JSON.stringify(shifts)).toBeLessThan(0.0005);
      const after = await boxes(page);
      expect(after).toEqual(before);
    });
  }
}

test("a page the worker renders for the shop paints its phone and address before any script runs", async ({
  browser,
  baseURL,
}) => {
  const htmlOnly = await browser.newContext({ javaScriptEnabled: false });
  await chooseShop(htmlOnly, baseURL!, "loc-scottsdale");
  const page = await htmlOnly.newPage();
  for (const path of ["/menu", "/categories/cat-fresh-juices/products/prd-sunrise-orange", "/contact"]) {
    await page.goto(path);
    const footer = page.locator(".site-footer");
    await expect(footer.getByRole("link", { name: "+1 480 555 0177" }), path).toBeAttached();
    await expect(footer, path).toContainText("7014 East Camelback Rd, Scottsdale, AZ 85251");
    await expect(footer, path).not.toContainText("714 215 4499");
  }
  await htmlOnly.close();
});
