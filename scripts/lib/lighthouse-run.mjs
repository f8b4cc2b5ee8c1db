// One Lighthouse run of one page with one preset, as scripts/lighthouse.mjs measures them (and its
// `--against` comparison, scripts/lib/lighthouse-against.mjs): Debian's Chromium, the presets'
// configs, and a retry of a run whose trace failed.
import { readFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";

const chromium = JSON.parse(readFileSync(new URL("./chromium.json", import.meta.url), "utf8"));
const chromePath = process.env.CHROME_PATH ?? chromium.executablePath;

/** The categories measured, and what each must score (performance: per preset). */
export const CATEGORY_TARGETS = {
  performance: { mobile: 99, "mobile-devtools": 0, desktop: 0 },
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};

/** Lighthouse's config for a preset: mobile is its default; mobile-devtools the same phone, throttled for real. */
function configFor(preset) {
  if (preset === "desktop") return desktopConfig;
  if (preset === "mobile-devtools") {
    return { extends: "lighthouse:default", settings: { throttlingMethod: "devtools" } };
  }
  return undefined;
}

// Lighthouse wants the new headless mode and room for its traces beyond /dev/shm.
const chromeFlags = [
  ...chromium.args.map((flag) => (flag === "--headless" ? "--headless=new" : flag)),
  "--disable-dev-shm-usage",
];

export function launchChromium() {
  return chromeLauncher.launch({ chromePath, chromeFlags, logLevel: "error" });
}

/** One measured run ({ lhr, report }), retried when its trace failed (e.g. NO_NAVSTART); undefined if every try did. */
export async function measureOnce(chrome, url, preset, { tries = 3 } = {}) {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: ["html", "json"], logLevel: "error", onlyCategories: Object.keys(CATEGORY_TARGETS) },
      configFor(preset),
    );
    if (result && !result.lhr.runtimeError) return result;
    console.log(`  retrying ${url} (${preset}): ${result?.lhr.runtimeError?.code ?? "no result"}`);
  }
  return undefined;
}

/** A report's file name for a page: home, menu, categories-…-products-…. */
export function pageName(path) {
  return path === "/" ? "home" : path.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-");
}

/** A run's figures: the categories' scores and the timings in ms. */
export function figuresOf(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    FCP: value("first-contentful-paint"),
    LCP: value("largest-contentful-paint"),
    TBT: value("total-blocking-time"),
    CLS: value("cumulative-layout-shift"),
  };
}
