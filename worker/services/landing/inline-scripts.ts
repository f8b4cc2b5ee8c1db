import { APP_LOADER_MODULES_ATTRIBUTE, APP_LOADER_SCRIPT } from "#common/app-loader";
import { EARLY_TAPS_SCRIPT } from "#common/early-taps";
import { cspHash } from "./csp-hash";
import { escapeAttribute } from "./hints";

/**
 * The two inline scripts of a page the app will hydrate: the early-tap script (common/early-taps.ts),
 * first in <head>, and the app's loader (common/app-loader.ts), last in <body>.
 */

/** The early-tap script as the <head> of a page the app will hydrate carries it. */
export const EARLY_TAPS_TAG = `<script>${EARLY_TAPS_SCRIPT}</script>`;

/** The loader, which adds `modules` (the entry first, then the page's chunks) once the first screen is painted. */
export function appLoaderTag(modules: readonly string[]): string {
  return `<script ${APP_LOADER_MODULES_ATTRIBUTE}="${escapeAttribute(modules.join(" "))}">${APP_LOADER_SCRIPT}</script>`;
}

let scriptHashes: string[] | undefined;

/**
 * The CSP sources that let the browser run exactly those two scripts. They never change, so
 * their hashes are worked out once per isolate (kept as finished strings: a promise begun in one
 * request is not shared with another).
 */
export async function inlineScriptHashes(): Promise<string[]> {
  scriptHashes ??= await Promise.all([cspHash(EARLY_TAPS_SCRIPT), cspHash(APP_LOADER_SCRIPT)]);
  return scriptHashes;
}
