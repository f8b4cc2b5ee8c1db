import { mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";

const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

/**
 * Runs axe-core (WCAG 2.0/2.1/2.2 A and AA rules plus best practices) on the page, or only
 * inside `within` (an open dialog), and fails the test on any serious or critical violation,
 * printing each with the elements it concerns. Lesser findings are attached to the report.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  label: string,
  testInfo: TestInfo,
  options: { within?: string } = {},
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags([
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "wcag22aa",
    "best-practice",
  ]);
  if (options.within) builder = builder.include(options.within);
  const results = await builder.analyze();
  const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ""));
  const minor = results.violations.filter((violation) => !BLOCKING_IMPACTS.has(violation.impact ?? ""));
  if (minor.length > 0) {
    await testInfo.attach(`axe-minor-${label}`, {
      body: JSON.stringify(
        minor.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.length })),
        null,
        2,
      ),
      contentType: "application/json",
    });
  }
  const report = blocking
    .map(
      (violation) =>
        `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
        violation.nodes
          .slice(0, 6)
          .map((node) => `      ${node.target.join(" ")}\n        ${node.failureSummary?.replace(/\n/g, "\n        ")}`)
          .join("\n"),
    )
    .join("\n");
  if (blocking.length > 0) console.log(`axe: ${label} (${page.url()})\n${report}`);
  // Soft: the test goes on to its other pages and dialogs (and their screenshots), then fails.
  expect.soft(blocking.length, `serious or critical accessibility violations on ${label}:\n${report}`).toBe(0);
}

/** Writes artifacts/screenshots/<name>-<width>x<height>.png (whole page). */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean; of?: Locator } = {}) {
  const size = page.viewportSize() ?? { width: 0, height: 0 };
  const dir = join("artifacts", "screenshots");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}-${size.width}x${size.height}.png`);
  const fullPage = options.fullPage ?? true;
  // Sections with `content-visibility: auto` are drawn only when they come near the screen.
  // A shopper scrolling down sees every one, so the whole-page picture shows them all too.
  if (fullPage) await drawOffscreenSections(page, true);
  // Animations finished and the caret hidden, so the pictures are stable.
  await page.screenshot({ path, fullPage, animations: "disabled", caret: "hide" });
  if (fullPage) await drawOffscreenSections(page, false);
  return path;
}

/** Draws (or stops drawing) every `content-visibility: auto` element whether on screen or not. */
async function drawOffscreenSections(page: Page, draw: boolean): Promise<void> {
  await page.evaluate((drawAll) => {
    document.querySelectorAll<HTMLElement>("body *").forEach((element) => {
      if (drawAll && getComputedStyle(element).contentVisibility === "auto") {
        element.style.contentVisibility = "visible";
        element.dataset.drawnForScreenshot = "";
      } else if (!drawAll && "drawnForScreenshot" in element.dataset) {
        element.style.removeProperty("content-visibility");
        delete element.dataset.drawnForScreenshot;
      }
    });
  }, draw);
}
