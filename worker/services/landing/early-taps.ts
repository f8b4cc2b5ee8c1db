import { EARLY_TAPS_SCRIPT } from "#common/early-taps";
import { cspHash } from "./csp-hash";

/** The early-tap script (common/early-taps.ts) as the <head> of a page the app will hydrate carries it. */
export const EARLY_TAPS_TAG = `<script>${EARLY_TAPS_SCRIPT}</script>`;

/** The CSP source that lets the browser run exactly that script (a hash of a few hundred bytes, per page). */
export const earlyTapsScriptHash = (): Promise<string> => cspHash(EARLY_TAPS_SCRIPT);
