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
  return Promise.all(
    [...values].map(async (value) => {
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
      return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
    }),
  );
}
