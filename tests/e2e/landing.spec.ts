import type { Page } from "@playwright/test";
import { expect, header, test } from "./support/fixtures";

// The landing pages' HTML names what the page needs at once (worker/services/landing/). The
// hints only help if the browser really uses them: one that does not match the app's own
// request (say, a different credentials mode) downloads everything twice, and Chromium says
// so in the console ("A preload for … is found, but is not used …", "… was preloaded using
// link preload but not used within a few seconds …"). The menu and a drink's page also come
// prerendered with their data; a style the security policy refuses would be said there too
// ("Refused to apply inline style …").

function watchPreloadWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (/preload|refused/i.test(message.text())) warnings.push(message.text());
  });
  return warnings;
}

async function hintsIn(page: Page, path: string): Promise<string[]> {
  const response = await page.goto(path);
  const html = await response!.text();
  const hints = html.match(/<link rel="(?:modulepreload|preload|stylesheet)"[^>]*>/g) ?? [];
  // The page's code is not among them: the loader last in <body> names it (common/app-loader.ts).
  const modules = /<script data-entry="[^"]+" data-modules="([^"]*)">/.exec(html)?.[1]?.split(" ") ?? [];
  return [...hints, ...modules.map((href) => `loader: ${href}`)];
}

// Chromium reports an unused preload a few seconds after the load event.
const UNUSED_PRELOAD_CHECK_MS = 3_500;

test("the menu's hints (its code, categories, first drinks and pictures) are all used by the page", async ({
  page,
}) => {
  const warnings = watchPreloadWarnings(page);
  // Each of the menu's answers is fetched once: by its hint. The app takes the preloaded answer
  // and, having it fresh, does not ask again once the page is up.
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/categories")) dataRequests.push(pathname);
  });
  const hints = await hintsIn(page, "/menu");
  expect(hints).toEqual(
    expect.arrayContaining([
      '<link rel="preload" as="fetch" href="/api/categories" crossorigin>',
      '<link rel="preload" as="fetch" href="/api/categories/cat-fresh-juices/products" crossorigin>',
      '<link rel="preload" as="image" href="/images/drinks/sunrise-orange.svg" fetchpriority="high">',
      expect.stringMatching(/^loader: \/assets\/menu-page-[\w-]+\.js$/),
    ]),
  );
  await expect(page.getByRole("heading", { name: "Sunrise Orange" })).toBeVisible();
  await page.waitForTimeout(UNUSED_PRELOAD_CHECK_MS);
  expect(warnings).toEqual([]);
  expect(dataRequests.sort()).toEqual(["/api/categories", "/api/categories/cat-fresh-juices/products"]);
});

test("a drink page's hints (its code, the drink and its picture) are all used by the page", async ({ page }) => {
  const warnings = watchPreloadWarnings(page);
  const hints = await hintsIn(page, "/categories/cat-smoothies/products/prd-berry-blast");
  expect(hints).toEqual(
    expect.arrayContaining([
      '<link rel="preload" as="fetch" href="/api/categories/cat-smoothies/products/prd-berry-blast" crossorigin>',
      '<link rel="preload" as="image" href="/images/drinks/berry-blast.svg" fetchpriority="high">',
      expect.stringMatching(/^loader: \/assets\/product-page-[\w-]+\.js$/),
    ]),
  );
  await expect(page.getByRole("heading", { level: 1, name: "Berry Blast" })).toBeVisible();
  await page.waitForTimeout(UNUSED_PRELOAD_CHECK_MS);
  expect(warnings).toEqual([]);
});

test("the home page's hints (its code and the hero picture) are all used by the page", async ({ page }) => {
  const warnings = watchPreloadWarnings(page);
  const hints = await hintsIn(page, "/");
  expect(hints).toContain('<link rel="preload" as="image" href="/images/home/hero.svg" fetchpriority="high">');
  await expect(page.getByRole("img", { name: /Three fresh drinks/ })).toBeVisible();
  await page.waitForTimeout(UNUSED_PRELOAD_CHECK_MS);
  expect(warnings).toEqual([]);
});

// The first screen paints from the HTML and the stylesheet alone: no script and no module preload
// is asked for before the first contentful paint, and the app's code only once the first-screen
// picture is in (the loader, common/app-loader.ts). This is an order, not a race: it holds on
// every visit, however fast the network.
const FIRST_SCREENS = [
  { path: "/", picture: "/images/home/hero.svg" },
  { path: "/menu", picture: "/images/drinks/sunrise-orange.svg" },
  { path: "/categories/cat-smoothies/products/prd-berry-blast", picture: "/images/drinks/berry-blast.svg" },
];

test("the landing pages ask for no script before their first paint, and for the app's code after their first picture", async ({
  page,
}) => {
  for (const { path, picture } of FIRST_SCREENS) {
    const response = await page.goto(path);
    const head = (await response!.text()).split("</head>")[0]!;
    expect(head, `${path}: the head asks for no script`).not.toMatch(/<script[^>]*\ssrc=|rel="modulepreload"/);
    // The app has taken over: its code ran.
    await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
    const timing = await page.evaluate((pictureUrl) => {
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      return {
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        requested: performance.getEntriesByName("squeeze:app-requested")[0]?.startTime,
        pictureLoaded: resources.find((entry) => new URL(entry.name).pathname === pictureUrl)?.responseEnd,
        scripts: resources
          .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
      };
    }, picture);
    expect(timing.paint, `${path}: painted`).toBeGreaterThan(0);
    expect(timing.requested, `${path}: the app's code asked for after the first paint`).toBeGreaterThanOrEqual(
      timing.paint!,
    );
    expect(timing.requested, `${path}: … and after its first picture`).toBeGreaterThanOrEqual(timing.pictureLoaded!);
    expect(timing.scripts.length, `${path}: the app's scripts`).toBeGreaterThan(1);
    for (const script of timing.scripts) {
      expect(script.start, `${path}: ${script.url} asked for after the first paint`).toBeGreaterThanOrEqual(
        timing.paint!,
      );
    }
  }
});

// The landing pages come as the app's own HTML, which the app hydrates instead of drawing the
// page again (web/main.tsx). If the HTML differed from the app's first render, React would
// redraw the page and say so in the console; the page would look the same, only slower.
const LANDING_PAGES = [
  "/",
  "/menu",
  "/menu?category=cat-smoothies",
  "/categories/cat-smoothies/products/prd-berry-blast",
];

for (const cart of ["an empty cart", "a saved cart"] as const) {
  test(`with ${cart}, the landing pages keep the elements their HTML painted and answer once hydrated`, async ({
    page,
  }) => {
    if (cart === "a saved cart") {
      await page.addInitScript(() => {
        const item = {
          id: "Sunrise Orange large",
          productId: "prd-sunrise-orange",
          categoryId: "cat-fresh-juices",
          name: "Sunrise Orange",
          priceCents: 749,
          size: "large",
          quantity: 2,
          comment: "",
          image: "/images/drinks/sunrise-orange.svg",
        };
        localStorage.setItem("squeeze:cart", JSON.stringify({ state: { items: [item] }, version: 1 }));
      });
    }
    // The page's first heading as the HTML parser made it, before any script ran.
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { paintedHeading: Element | null }).paintedHeading = document.querySelector("h1");
      });
    });
    const redraws: string[] = [];
    page.on("console", (message) => {
      if (/differed|hydrat/i.test(message.text())) redraws.push(message.text());
    });
    for (const path of LANDING_PAGES) {
      await page.goto(path);
      await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
      await expect(
        header(page).getByRole("button", { name: cart === "a saved cart" ? "Cart, 2 items" : "Cart, empty" }),
      ).toBeVisible();
      const kept = await page.evaluate(
        () => document.querySelector("h1") === (window as unknown as { paintedHeading: Element | null }).paintedHeading,
      );
      expect(kept, `${path}: the heading the HTML painted is the one the app shows`).toBe(true);
    }
    expect(redraws).toEqual([]);
  });
}

// The shop's other pages arrive as the app's HTML too (heading and layout; what depends on the
// session or the cart shows loading until the app runs), and the app hydrates them the same way.
const OTHER_PAGES = [
  ["/about", "Pressing joy into every cup since 2017"],
  ["/contact", "Say hello"],
  ["/partnership", "Open your own Squeeze"],
  ["/checkout", "Checkout"],
  ["/orders", "My orders"],
  ["/orders/0f8fad5b-d9cb-469f-a165-70867728950e", "Order #0F8FAD5B"],
] as const;

test("the other pages paint their heading and layout from the HTML, and the app adopts them without redrawing", async ({
  page,
}) => {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const painted = window as unknown as { paintedHeader: Element | null; paintedHeading: string | undefined };
      painted.paintedHeader = document.querySelector(".site-header");
      painted.paintedHeading = document.querySelector("h1")?.textContent ?? undefined;
    });
  });
  // A fresh worker's first render of a page loads that page's code and may miss the render's
  // deadline (the page then goes out as the frame, as before): the server has served each once.
  for (const [path] of OTHER_PAGES) await page.request.get(path);
  const redraws: string[] = [];
  page.on("console", (message) => {
    if (/differed|hydrat/i.test(message.text())) redraws.push(message.text());
  });
  for (const [path, heading] of OTHER_PAGES) {
    await page.goto(path);
    await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
    const painted = await page.evaluate(() => {
      const seen = window as unknown as { paintedHeader: Element | null; paintedHeading: string | undefined };
      return {
        heading: seen.paintedHeading,
        headerKept: document.querySelector(".site-header") === seen.paintedHeader,
      };
    });
    expect(painted.heading, `${path}: the heading the HTML painted`).toBe(heading);
    expect(painted.headerKept, `${path}: the header the HTML painted is the one the app uses`).toBe(true);
  }
  expect(redraws).toEqual([]);
});

test.describe("with scripts off", () => {
  test.use({ javaScriptEnabled: false });

  test("the menu and a drink's page paint their drinks, prices and tints from the HTML alone", async ({ page }) => {
    const warnings = watchPreloadWarnings(page);
    await page.goto("/menu?category=smoothies");
    // The HTML as drawn, before any script: found by the cards' class and text.
    const berryBlast = page.locator(".product-card").filter({ hasText: "Berry Blast" });
    await expect(berryBlast).toBeVisible();
    await expect(berryBlast).toContainText("$5.99");
    await expect(page.locator(".category-chip--selected")).toHaveText("Smoothies");
    // The drink's own tint: the security policy lets exactly these style attributes through.
    expect(await berryBlast.evaluate((card) => getComputedStyle(card).getPropertyValue("--tint-from"))).toBe("#C06C84");

    await page.goto("/categories/cat-fresh-juices/products/prd-sunrise-orange");
    const drink = page.locator(".product-details");
    await expect(drink.locator("h1")).toHaveText("Sunrise Orange");
    await expect(drink.locator(".product-details__price")).toContainText("$5.49");
    await expect(drink.locator("img")).toHaveJSProperty("complete", true);
    expect(await drink.evaluate((element) => getComputedStyle(element).getPropertyValue("--tint-to"))).toBe("#FF7A00");
    expect(warnings).toEqual([]);
  });
});

// The footer is laid out only when it comes near (content-visibility: auto); until then a box of
// its declared intrinsic height stands in for it. Lines beyond that box are measured against the
// page behind it (light) instead of the footer's dark background, which fails contrast checks.
for (const width of [390, 768, 1440]) {
  test(`at ${width} px the footer's stand-in box is at least as tall as the footer itself`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const footer = page.locator(".site-footer");
    // The app hydrates the prerendered footer, then the hours arrive: measure the final one.
    await expect(footer.getByRole("heading", { name: "Opening hours" })).toBeAttached();
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByRole("heading", { name: "Opening hours" })).toBeVisible();
    const { height, standIn } = await footer.evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      standIn: parseFloat(getComputedStyle(element).containIntrinsicHeight.replace("auto", "")),
    }));
    expect(standIn).toBeGreaterThanOrEqual(height);
  });
}
