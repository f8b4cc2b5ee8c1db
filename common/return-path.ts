/**
 * Where a person may be sent back to after signing in: a page of this site, nowhere else.
 *
 * Checking the text is not enough: browsers normalise a path before they use it, and
 * "/.//evil.example" or "/%2e//evil.example" become "//evil.example", which is another host.
 * So the path is resolved against our own origin the way a browser would, and accepted only if
 * the result is still on our origin and, written back out, is a path that resolves to itself.
 * The result is that normalised form; anything else is refused (null).
 */
const OWN_ORIGIN = "https://squeeze.invalid";

/** Paths that are not pages: the API and the older app's form endpoint. */
const NOT_A_PAGE = /^\/(api|send-email)(\/|$)/i;

export const RETURN_PATH_MAX_LENGTH = 2000;

export function safeReturnPath(input: string): string | null {
  if (input.length === 0 || input.length > RETURN_PATH_MAX_LENGTH) return null;
  // Browsers drop tabs and newlines from addresses and read "\" as "/": refuse them, never guess.
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (!input.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(input)) return null;
  let resolved: URL;
  try {
    resolved = new URL(input, OWN_ORIGIN);
  } catch {
    return null;
  }
  if (resolved.origin !== OWN_ORIGIN) return null;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  const again = new URL(path, OWN_ORIGIN);
  if (again.origin !== OWN_ORIGIN || `${again.pathname}${again.search}${again.hash}` !== path) return null;
  if (NOT_A_PAGE.test(again.pathname)) return null;
  return path;
}
