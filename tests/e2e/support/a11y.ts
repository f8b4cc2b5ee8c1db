import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

const BLOCKING_IMPACTS = new Set(["serious", "critical"]);
const RULE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * axe-core's source, put into a page once per document and run there with axe.run: the app has no
 * frames to walk, so nothing needs axe's per-frame runs, and a check costs one evaluation instead
 * of three injections and a blank page.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; failureSummary: string }[];
}

async function runAxe(page: Page, within: string | undefined): Promise<Finding[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  // A dialog fading in has colours between its own and the page's: axe judges it once it is in.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  return page.evaluate(
    async ({ within, tags }) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: RunOptions): Promise<AxeResults> } })
        .axe;
      const results = await axe.run(within ? { include: [within] } : document, {
        runOnly: { type: "tag", values: tags },
        resultTypes: ["violations"],
      });
      return results.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
        id,
        impact: impact ?? null,
        help,
        helpUrl,
        nodes: nodes.map((node) => ({ target: node.target.map(String), failureSummary: node.failureSummary ?? "" })),
      }));
    },
    { within, tags: RULE_TAGS },
  );
}

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
  const violations = await runAxe(page, options.within);
  const blocking = violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ""));
  const minor = violations.filter((violation) => !BLOCKING_IMPACTS.has(violation.impact ?? ""));
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
          .map((node) => `      ${node.target.join(" ")}\n        ${node.failureSummary.replace(/\n/g, "\n        ")}`)
          .join("\n"),
    )
    .join("\n");
  if (blocking.length > 0) console.log(`axe: ${label} (${page.url()})\n${report}`);
  // Soft: the test goes on to its other pages and dialogs (and their screenshots), then fails.
  expect.soft(blocking.length, `serious or critical accessibility violations on ${label}:\n${report}`).toBe(0);
}

/**
 * With E2E_SCREENSHOTS=1, writes artifacts/screenshots/<name>-<width>x<height>.png (whole page):
 * pictures to look at, not a check, so the plain run (and CI) spends no time drawing them.
 */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean; of?: Locator } = {}) {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  const size = page.viewportSize() ?? { width: 0, height: 0 };
  const dir = join("artifacts", "screenshots");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}-${size.width}x${size.height}.png`);
  const fullPage = options.fullPage ?? true;
  if (fullPage) await loadLazyImages(page);
  // Sections with `content-visibility: auto` are drawn only when they come near the screen.
  // A shopper scrolling down sees every one, so the whole-page picture shows them all too.
  if (fullPage) await drawOffscreenSections(page, true);
  // Animations finished and the caret hidden, so the pictures are stable.
  await page.screenshot({ path, fullPage, animations: "disabled", caret: "hide" });
  if (fullPage) await drawOffscreenSections(page, false);
  return path;
}

/** Scrolls through the page once so lazily loaded images are in the whole-page picture. */
async function loadLazyImages(page: Page): Promise<void> {
  // Instantly: the page's smooth scrolling would still be on its way when the next step starts.
  await page.evaluate(async () => {
    const top = window.scrollY;
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: "instant" });
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo({ top, behavior: "instant" });
  });
  // Only images that are rendered (a lazy image inside something hidden never loads).
  await page
    .waitForFunction(
      () => Array.from(document.images).every((image) => image.complete || image.getClientRects().length === 0),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined); // the picture is then taken as it is; it is a record, not the check
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
