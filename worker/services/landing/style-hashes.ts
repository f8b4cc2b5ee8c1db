import { cspHash } from "./csp-hash";

const STYLE_ATTRIBUTE = / style="([^"]*)"/g;
const decodeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/**
 * The CSP sources for the `style` attributes in prerendered HTML (each drink's two tint
 * colours). The policy refuses inline styles; these hashes allow exactly these values.
 */
export async function styleAttributeHashes(markup: string): Promise<string[]> {
  const values = new Set([...markup.matchAll(STYLE_ATTRIBUTE)].map((match) => decodeAttribute(match[1] ?? "")));
  return Promise.all([...values].map(cspHash));
}
