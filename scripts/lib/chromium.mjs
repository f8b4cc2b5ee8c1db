// How every Playwright start of Debian's Chromium is set up: chromium.json's path and switches, and
// one --disable-features holding Playwright's own list and chromium.json's `disableFeatures`.
// Chromium reads only the last --disable-features it is given, so a second one would silently drop
// Playwright's (docs/decisions/0059-one-window-without-its-omnibox-popup.md).
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const setup = JSON.parse(readFileSync(new URL("./chromium.json", import.meta.url), "utf8"));

/** Debian's Chromium, or CHROME_PATH. */
export const chromiumPath = process.env.CHROME_PATH ?? setup.executablePath;

/**
 * The features Playwright disables in every Chromium it starts, read from the installed
 * playwright-core (the list is not exported); an upgrade that moves it fails here, loudly.
 */
export function playwrightDisabledFeatures() {
  const lib = join(dirname(createRequire(import.meta.url).resolve("playwright-core/package.json")), "lib");
  const candidates = [join(lib, "coreBundle.js"), join(lib, "server", "chromium", "chromiumSwitches.js")];
  for (const file of candidates) {
    let source;
    try {
      source = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    const list = /disabledFeatures\s*=\s*\[([\s\S]*?)\]/.exec(source)?.[1];
    if (!list) continue;
    const features = [...list.replace(/\/\/.*$/gm, "").matchAll(/["']([\w-]+)["']/g)].map((match) => match[1]);
    if (features.length > 0) return features;
  }
  throw new Error(
    `Playwright's --disable-features list was not found under ${lib} (${readdirSync(lib).join(", ")}): ` +
      "scripts/lib/chromium.mjs reads it to add chromium.json's disableFeatures to it.",
  );
}

/** The switches for a Chromium that Playwright starts (chromium.json's `args`, and the merged --disable-features). */
export function playwrightChromiumArgs() {
  const features = [...new Set([...playwrightDisabledFeatures(), ...setup.disableFeatures])];
  return [...setup.args, `--disable-features=${features.join(",")}`];
}
