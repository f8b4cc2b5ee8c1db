import { MISSING_PICTURES_SCRIPT } from "#common/drink-pictures";
import { cspHash } from "./csp-hash";

/** The missing-picture script (common/drink-pictures.ts) as the <head> of a prerendered page carries it. */
export const MISSING_PICTURES_TAG = `<script>${MISSING_PICTURES_SCRIPT}</script>`;

let scriptHash: string | undefined;

/** The CSP source that lets the browser run exactly that script, worked out once per isolate. */
export async function missingPicturesScriptHash(): Promise<string> {
  scriptHash ??= await cspHash(MISSING_PICTURES_SCRIPT);
  return scriptHash;
}
