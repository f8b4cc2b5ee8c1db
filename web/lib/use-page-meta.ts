import { useEffect } from "react";
import { brand } from "#web/config/brand";

function setMetaContent(selector: string, content: string) {
  const element = document.head.querySelector<HTMLMetaElement>(selector);
  if (element) element.content = content;
}

/** "Menu" → "Menu · Squeeze"; the home page passes the brand's own title. */
export function pageTitle(title: string): string {
  return title.includes(brand.name) ? title : `${title} · ${brand.name}`;
}

/**
 * Gives the current route its own title and description (and the matching Open Graph
 * tags declared in index.html), for search engines, shared links and the browser tab.
 */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    const fullTitle = pageTitle(title);
    document.title = fullTitle;
    setMetaContent('meta[name="description"]', description);
    setMetaContent('meta[property="og:title"]', fullTitle);
    setMetaContent('meta[property="og:description"]', description);
    setMetaContent('meta[property="og:url"]', window.location.origin + window.location.pathname);
  }, [title, description]);
}
