// How quickly a landing page answers a tap made right after its first paint, on a phone whose
// network and CPU are really slowed down (the DevTools protocol's throttling at Lighthouse's
// mobile values: 150 ms round trips, 1.6 Mbps down, 750 kbps up, 4× CPU). Used by
// scripts/lighthouse.mjs.
//
// Each run opens a drink's page in a fresh context, taps its "Large" size as soon as the page's
// first contentful paint is there, and reads, in the page, when the size took effect (its button
// pressed): the early-tap script keeps the tap, the app plays it once it has taken over.
import { chromium } from "@playwright/test";

const PHONE = { width: 412, height: 823 };
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

/** Written before the page's own scripts: when the first tap landed, and when "Large" became the pressed size. */
function watchTheTap() {
  window.addEventListener("pointerdown", () => (window.__tapAt ??= performance.now()), { capture: true });
  new MutationObserver(() => {
    const large = [...document.querySelectorAll('[aria-pressed="true"]')].find((button) =>
      /^Large/.test(button.textContent ?? ""),
    );
    if (large) window.__effectAt ??= performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["aria-pressed"] });
}

/**
 * `runs` taps on `path` at `baseUrl`: for each, the first paint, the tap and its effect (ms from
 * the navigation's start), and the effect's delay after the paint.
 */
export async function measureTapToEffect({ baseUrl, path, runs, executablePath, args }) {
  const browser = await chromium.launch({ executablePath, args });
  const results = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await cdp.send("Network.emulateNetworkConditions", NETWORK);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      await page.addInitScript(watchTheTap);
      await page.goto(new URL(path, baseUrl).href, { waitUntil: "commit" });
      await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, null, {
        polling: 10,
        timeout: 60_000,
      });
      await page
        .getByRole("group", { name: "Size" })
        .getByRole("button", { name: /^Large/ })
        .tap();
      await page.waitForFunction(() => window.__effectAt !== undefined, null, { polling: 50, timeout: 60_000 });
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName("first-contentful-paint")[0].startTime,
        tap: window.__tapAt,
        effect: window.__effectAt,
      }));
      results.push({ ...timing, afterPaint: timing.effect - timing.paint });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
