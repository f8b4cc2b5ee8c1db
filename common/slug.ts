/**
 * The spec's slug rule: trim, lower-case, drop every character that is neither
 * alphanumeric nor a space, then turn each run of spaces into one hyphen.
 */
export function slugify(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, "")
    .replace(/ +/g, "-");
}
