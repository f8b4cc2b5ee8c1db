import { APP_LOADER_ENTRY_ATTRIBUTE, APP_LOADER_MODULES_ATTRIBUTE, APP_LOADER_SCRIPT } from "#common/app-loader";
import { cspHash } from "./csp-hash";

const attribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The loader (common/app-loader.ts) as the end of a landing page's <body> carries it: it adds the
 * entry script and preloads the page's chunks once the first screen is painted.
 */
export function appLoaderTag(entry: string, modules: readonly string[]): string {
  return (
    `<script ${APP_LOADER_ENTRY_ATTRIBUTE}="${attribute(entry)}" ${APP_LOADER_MODULES_ATTRIBUTE}="${attribute(modules.join(" "))}">` +
    `${APP_LOADER_SCRIPT}</script>`
  );
}

let scriptHash: string | undefined;

/** The CSP source that lets the browser run exactly the loader; worked out once per isolate. */
export async function appLoaderScriptHash(): Promise<string> {
  scriptHash ??= await cspHash(APP_LOADER_SCRIPT);
  return scriptHash;
}
