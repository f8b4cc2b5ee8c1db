import type { Env } from "#worker/env";
import { fetchShell, readLandingAssets, type LandingAssets, type LandingKind } from "./assets";
import { NO_CONTENT, type LandingContent } from "./content";
import { hintTags } from "./hints";
import { HYDRATE_ATTRIBUTE, SHOP_DETAILS_ATTRIBUTE } from "#common/landing";
import { EARLY_TAPS_TAG, earlyTapsScriptHash } from "./early-taps";
import { appLoaderScriptHash, appLoaderTag } from "./app-loader";
import { MISSING_PICTURES_TAG, missingPicturesScriptHash } from "./missing-pictures";
import { styleAttributeHashes } from "./style-hashes";
import { PAGE_READ_MARKER, RENDER_WHEN_READ_TAG } from "./whole-first-paint";

/**
 * The pages a visit most often starts on: the SPA's index.html, with hints in its <head> for
 * what the page will ask for at once. Without them a phone fetches one thing after another
 * (entry script, then the page's code, then the categories, then the drinks, then the
 * pictures); with them it fetches all of it while the entry script is still downloading.
 * The app's fetch() and import() find the answers already there.
 *
 * The menu and a drink's page also come rendered with their data (web/prerender-catalog.tsx),
 * so their drinks paint before the app has run; the home page comes rendered by the build.
 * See docs/decisions/0004-landing-page-hints.md and 0005-prerendered-catalog-pages.md.
 *
 * Hints and rendering are optional: a slow or failing catalog lookup, an unknown drink or a
 * missing asset list serves the page without them, never an error. Under `vite dev` the
 * pages are not served from here at all (see worker/app.ts).
 */

/**
 * How long the catalog lookup may hold the page back before it goes out without data hints,
 * and then how long rendering the page may take before it goes out without its first screen
 * (the app then renders the page over the loading frame, as on any other page).
 */
const HINT_DEADLINE_MS = 150;
const RENDER_DEADLINE_MS = 150;

function withDeadline<T>(work: Promise<T>, fallback: T, deadlineMs: number): Promise<T> {
  return Promise.race([
    work.catch(() => fallback),
    new Promise<T>((resolve) => setTimeout(() => resolve(fallback), deadlineMs)),
  ]);
}

export interface LandingPage {
  response: Response;
  /** CSP sources for the `style` attributes of the HTML rendered here (see allowPrerenderedInlines). */
  styleHashes: string[];
  /** CSP sources for the page's inline scripts, the early-tap queue and the app's loader (see allowPrerenderedInlines). */
  scriptHashes: string[];
}

/** A page as rendered, and whether it came out whole, so the edge may keep it (page-cache.ts). */
export interface RenderedLandingPage extends LandingPage {
  cacheable: boolean;
  /**
   * When the render missed its deadline: the whole page once the render has finished, for the
   * edge to keep for the next visit (a fresh isolate's first render of a page loads its code).
   */
  late?: Promise<RenderedLandingPage | undefined>;
}

/** The landing page of `kind` at `url`: the shell with its hints in <head> and, where there is one, its page in #root. */
export async function landingPage(
  env: Env,
  url: URL,
  kind: LandingKind,
  content: Promise<LandingContent>,
): Promise<RenderedLandingPage> {
  const [shell, code, found] = await Promise.all([
    fetchShell(env, url.origin),
    readLandingAssets(env, url.origin),
    withDeadline(content, NO_CONTENT, HINT_DEADLINE_MS),
  ]);
  if (!shell.ok || !shell.headers.get("content-type")?.includes("text/html"))
    return { response: shell, styleHashes: [], scriptHashes: [], cacheable: false };

  // The page with its data, rendered here; else the one the build rendered (the home page).
  const rendered = found.markup ? await withDeadline(found.markup, undefined, RENDER_DEADLINE_MS) : undefined;
  const page = await assemble(shell, code, kind, found, rendered);
  if (!found.markup || rendered) return page;
  const late = found.markup
    .then(async (markup) =>
      markup ? assemble(await fetchShell(env, url.origin), code, kind, found, markup) : undefined,
    )
    .catch(() => undefined);
  return { ...page, late };
}

/** The shell with `kind`'s hints in <head> and, where there is one, the page in #root. */
async function assemble(
  shell: Response,
  code: LandingAssets,
  kind: LandingKind,
  found: LandingContent,
  rendered: string | undefined,
): Promise<RenderedLandingPage> {
  const prerendered = rendered ?? code[kind]?.markup;
  const styleHashes = rendered ? await styleAttributeHashes(rendered) : [];
  const scriptHashes = prerendered
    ? [await earlyTapsScriptHash(), await appLoaderScriptHash(), await missingPicturesScriptHash()]
    : [];
  // A page that paints from its HTML asks for no script before that paint: its code is the loader's.
  const tags = hintTags(code, kind, found.hints, { scripts: !prerendered });
  let rewriter = new HTMLRewriter().on("head", {
    element(head) {
      // Before anything else in <head>, so it listens before the page's first control is drawn.
      if (prerendered) {
        // Right after it: a drink's picture whose file is missing shows the placeholder before the app runs.
        head.prepend(MISSING_PICTURES_TAG, { html: true });
        head.prepend(EARLY_TAPS_TAG, { html: true });
      }
      head.append(tags, { html: true });
      // No paint of half the page: it would move when the rest arrives (whole-first-paint.ts).
      if (prerendered) head.append(RENDER_WHEN_READ_TAG, { html: true });
    },
  });
  if (prerendered) {
    // The entry script and its preloads leave the head; the loader, last in <body>, adds them
    // with the page's own chunks once the first screen is painted (common/app-loader.ts).
    let entry: string | null = null;
    const modules: string[] = [];
    rewriter = rewriter
      .on('script[type="module"][src]', {
        element(script) {
          entry ??= script.getAttribute("src");
          script.remove();
        },
      })
      .on('link[rel="modulepreload"][href]', {
        element(link) {
          modules.push(link.getAttribute("href")!);
          link.remove();
        },
      })
      .on("body", {
        element(body) {
          body.onEndTag((end) => {
            if (entry) end.before(appLoaderTag(entry, [...modules, ...(code[kind]?.scripts ?? [])]), { html: true });
          });
        },
      });
    // The shell's frame gives way to the app's own HTML, which web/main.tsx hydrates. Its links
    // work at once; a tap on a control before the app has taken over is kept by the early-tap
    // script and played once the page is hydrated (common/early-taps.ts).
    rewriter = rewriter.on("div#root", {
      element(root) {
        root.setAttribute(HYDRATE_ATTRIBUTE, "");
        // The shop whose words the HTML shows: the app's first render draws the same (common/shop-details.ts).
        if (rendered && found.shop) root.setAttribute(SHOP_DETAILS_ATTRIBUTE, JSON.stringify(found.shop));
        root.setInnerContent(prerendered, { html: true });
        root.after(PAGE_READ_MARKER, { html: true });
      },
    });
  }
  const page = rewriter.transform(shell);
  const headers = new Headers(shell.headers);
  headers.delete("etag");
  headers.delete("last-modified");
  headers.set("cache-control", "no-cache");
  // A drink that is not on the menu: the app's "Product not found" page, with a 404 to match.
  return {
    response: new Response(page.body, { status: found.missing ? 404 : 200, headers }),
    styleHashes,
    scriptHashes,
    // Whole: rendered with its data, or a drink the catalog does not have. Never a page that
    // went out without its data because D1 was slow or down.
    cacheable: Boolean(rendered) || Boolean(found.missing),
  };
}
