import { PAGE_QUERY_PARAMS } from "#common/landing";

/**
 * The address a page is rendered and kept under: its path and the parameters pages read
 * (PAGE_QUERY_PARAMS, the first value of each, in that list's order), nothing else. So
 * `/menu?category=smoothies&utm_source=flyer` is the same page, and the same cache entry, as
 * `/menu?category=smoothies`, and a new query string cannot make a new entry.
 */
export function pageAddress(url: URL): URL {
  const address = new URL(url.pathname, url.origin);
  for (const name of PAGE_QUERY_PARAMS) {
    const value = url.searchParams.get(name);
    if (value !== null) address.searchParams.set(name, value);
  }
  return address;
}
