// How every Playwright start of Debian's Chromium is set up: chromium.json's path and switches, and
// one --disable-features holding Playwright's own list and chromium.json's `disableFeatures`.
// Chromium reads only the last --disable-features it is given, so a second one would silently drop
// Playwright's (docs/decisions/0059-one-window-without-its-omnibox-popup.md).
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const setup = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), "chromium.json"), "utf8"));

/** Debian's Chromium, or CHROME_PATH. */
export const chromiumPath = process.env.CHROME_PATH ?? setup.executablePath;

/**
 * The journeys' browser: Debian's headless shell of the same Chromium when it is installed
 * (`apt-get install chromium-headless-shell`), which does a journey's work with about a quarter
 * less CPU; the full browser otherwise, or CHROME_PATH. The shell has no push messaging and
 * shows no notifications: journeys about those start `chromiumPath` (docs/decisions/0060).
 */
export const journeysChromiumPath =
  process.env.CHROME_PATH ?? (existsSync(setup.journeysExecutablePath) ? setup.journeysExecutablePath : chromiumPath);

/**
 * The features Playwright disables in every Chromium it starts, read from the installed
 * playwright-core (the list is not exported); an upgrade that moves it fails here, loudly.
 */
function playwrightDisabledFeatures() {
  const bundle = join(
    dirname(createRequire(import.meta.url).resolve("playwright-core/package.json")),
    "lib",
    "coreBundle.js",
  );
  const list = /disabledFeatures\s*=\s*\[([\s\S]*?)\]/.exec(readFileSync(bundle, "utf8"))?.[1];
  const features = [...(list ?? "").replace(/\/\/.*$/gm, "").matchAll(/["']([\w-]+)["']/g)].map((match) => match[1]);
  if (features.length === 0) {
    throw new Error(
      `Playwright's --disable-features list was not found in ${bundle}: ` +
        "scripts/lib/chromium.mjs reads it to add chromium.json's disableFeatures to it.",
    );
  }
  return features;
}

/** The switches for a Chromium that Playwright starts (chromium.json's `args`, and the merged --disable-features). */
export function playwrightChromiumArgs() {
  const features = [...new Set([...playwrightDisabledFeatures(), ...setup.disableFeatures])];
  return [...setup.args, `--disable-features=${features.join(",")}`];
}
