import { EARLY_TAPS_SCRIPT } from "#common/early-taps";
import { cspHash } from "./csp-hash";

/** The early-tap script (common/early-taps.ts) as the <head> of a page the app will hydrate carries it. */
export const EARLY_TAPS_TAG = `<script>${EARLY_TAPS_SCRIPT}</script>`;

let scriptHash: string | undefined;

/**
 * The CSP source that lets the browser run exactly that script. The script never changes, so
 * its hash is worked out once per isolate (kept as the finished string: a promise begun in one
 * request is not shared with another).
 */
export async function earlyTapsScriptHash(): Promise<string> {
  scriptHash ??= await cspHash(EARLY_TAPS_SCRIPT);
  return scriptHash;
}
