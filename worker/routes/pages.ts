import { Hono, type Context, type MiddlewareHandler } from "hono";
import { renderMenuPage, renderProductPage } from "#prerender-catalog";
import { z } from "zod";
import { getDb } from "#worker/db/client";
import type { AppEnv, Env } from "#worker/env";
import { fetchAsset } from "#worker/lib/assets";
import { withStyleAttributeHashes } from "#worker/lib/security-headers";
import { catalogId } from "#worker/lib/validation";
import { CATEGORY_PARAM, selectCategory } from "#common/catalog";
import { catalogPaths } from "#common/catalog-paths";
import { HOME_HERO_IMAGE, PRODUCT_PAGE_PATH } from "#common/landing";
import { findVisibleProduct, listVisibleCategories, listVisibleProducts } from "#worker/services/catalog";

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

/** The landing routes' kinds, as `vite.config.ts` (landingAssets) lists their code. */
const landingKind = z.enum(["home", "menu", "product"]);
type LandingKind = z.infer<typeof landingKind>;

/** How long the catalog lookup may hold the page back before it goes out without data hints. */
const HINT_DEADLINE_MS = 150;
/** Menu cards whose pictures are in the first screen on a phone (see menu-page.tsx). */
const FIRST_SCREEN_CARDS = 2;

const landingAssetsSchema = z.partialRecord(
  landingKind,
  z.object({
    scripts: z.array(z.string().startsWith("/")),
    styles: z.array(z.string().startsWith("/")),
    /** The page prerendered at build time (the home page: it needs no data). */
    markup: z.string().optional(),
  }),
);
type LandingAssets = z.infer<typeof landingAssetsSchema>;

type Hint =
  | { kind: "script"; href: string }
  | { kind: "stylesheet"; href: string }
  | { kind: "data"; href: string }
  | { kind: "image"; href: string };

/** The build's list of each landing page's code, read once per isolate. */
let landingAssets: Promise<LandingAssets> | undefined;

function readLandingAssets(env: Env, origin: string): Promise<LandingAssets> {
  if (!env.ASSETS) return Promise.resolve({});
  landingAssets ??= fetchAsset(env, new URL("/landing-assets.json", origin))
    .then(async (response) => {
      if (!response.ok || !response.headers.get("content-type")?.includes("json")) return {};
      const parsed = landingAssetsSchema.safeParse(await response.json());
      return parsed.success ? parsed.data : {};
    })
    .catch(() => ({}));
  return landingAssets;
}

/** Lets the next request read the asset list again (tests swap the ASSETS binding). */
export function forgetLandingAssets(): void {
  landingAssets = undefined;
}

function withDeadline<T>(work: Promise<T>, fallback: T): Promise<T> {
  return Promise.race([
    work.catch(() => fallback),
    new Promise<T>((resolve) => setTimeout(() => resolve(fallback), HINT_DEADLINE_MS)),
  ]);
}

const attribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function linkTag(hint: Hint): string {
  const href = attribute(hint.href);
  switch (hint.kind) {
    case "script":
      return `<link rel="modulepreload" href="${href}">`;
    case "stylesheet":
      // `crossorigin` like the app's own stylesheet links, so the app finds this one and adds no other.
      return `<link rel="stylesheet" href="${href}" crossorigin>`;
    case "data":
      // `crossorigin` makes the preload's credentials mode match fetch()'s same-origin default.
      return `<link rel="preload" as="fetch" href="${href}" crossorigin>`;
    case "image":
      return `<link rel="preload" as="image" href="${href}" fetchpriority="high">`;
  }
}

/** What a landing page gets from the catalog: hints for its head, and its first screen as HTML. */
interface LandingContent {
  hints: Hint[];
  /** The page rendered with its data (web/prerender-catalog.tsx), for `#root`. */
  markup?: string;
  /** What the page shows is known not to exist (a drink not on the menu): answered with 404. */
  missing?: boolean;
}

/**
 * Renders the page, or leaves it to the app: a rendering failure must not cost the visit its
 * page (the app renders it anyway, a moment later).
 */
function renderOrSkip(render: () => string): string | undefined {
  try {
    return render();
  } catch (error) {
    console.error("landing page: prerender failed", error);
    return undefined;
  }
}

async function menuContent(env: Env, url: URL): Promise<LandingContent> {
  const db = getDb(env.DB);
  const categories = await listVisibleCategories(db);
  const selected = selectCategory(categories, url.searchParams.get(CATEGORY_PARAM));
  const products = selected ? ((await listVisibleProducts(db, selected.id)) ?? []) : [];
  const hints: Hint[] = [
    { kind: "data", href: catalogPaths.categories() },
    ...(selected ? [{ kind: "data", href: catalogPaths.categoryProducts(selected.id) } as const] : []),
    ...products.slice(0, FIRST_SCREEN_CARDS).map((product): Hint => ({ kind: "image", href: product.image })),
  ];
  const markup = renderOrSkip(() =>
    renderMenuPage({
      url: url.pathname + url.search,
      categories,
      selected: selected && { categoryId: selected.id, products },
    }),
  );
  return { hints, markup };
}

async function productContent(env: Env, url: URL, categoryId: string, productId: string): Promise<LandingContent> {
  const product = await findVisibleProduct(getDb(env.DB), categoryId, productId);
  if (!product) return { hints: [], missing: true };
  return {
    hints: [
      { kind: "data", href: catalogPaths.product(categoryId, productId) },
      { kind: "image", href: product.image },
    ],
    markup: renderOrSkip(() => renderProductPage({ url: url.pathname, product })),
  };
}

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
async function styleAttributeHashes(markup: string): Promise<string[]> {
  const values = new Set([...markup.matchAll(STYLE_ATTRIBUTE)].map((match) => decodeAttribute(match[1] ?? "")));
  return Promise.all(
    [...values].map(async (value) => {
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
      return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
    }),
  );
}

/**
 * Mounted outside the global secure headers (worker/app.ts), which set the policy: lets the
 * browser apply the prerendered page's `style` attributes, and no others.
 */
export const allowPrerenderedStyles: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const hashes = c.get("prerenderedStyleHashes");
  const policy = c.res.headers.get("Content-Security-Policy");
  if (hashes?.length && policy) c.res.headers.set("Content-Security-Policy", withStyleAttributeHashes(policy, hashes));
};

async function landingPage(c: Context<AppEnv>, kind: LandingKind, catalog: Promise<LandingContent>): Promise<Response> {
  if (!c.env.ASSETS) return c.text("Not found", 404);
  const origin = new URL(c.req.url).origin;
  // A plain GET of the shell: the hints differ from visit to visit, so the asset's ETag and
  // a conditional 304 would not describe what this response carries.
  const [shell, code, content] = await Promise.all([
    fetchAsset(c.env, new Request(new URL("/", origin), { headers: { accept: "text/html" } })),
    readLandingAssets(c.env, origin),
    withDeadline(catalog, { hints: [] }),
  ]);
  if (!shell.ok || !shell.headers.get("content-type")?.includes("text/html")) return shell;

  // The page with its data, rendered here; else the one the build rendered (the home page).
  const prerendered = content.markup ?? code[kind]?.markup;
  if (content.markup) c.set("prerenderedStyleHashes", await styleAttributeHashes(content.markup));
  const hints: Hint[] = [
    // The page's styles as stylesheets, in the first paint: a prerendered page needs them
    // then, and for the others, styles the app added later would each restyle the whole
    // page in one long task, just as the phone is busiest.
    ...(code[kind]?.styles ?? []).map((href): Hint => ({ kind: "stylesheet", href })),
    ...(code[kind]?.scripts ?? []).map((href): Hint => ({ kind: "script", href })),
    ...content.hints,
  ];
  const tags = hints.map(linkTag).join("");
  let rewriter = new HTMLRewriter().on("head", {
    element(head) {
      head.append(tags, { html: true });
    },
  });
  if (prerendered) {
    // The shell's frame gives way to the whole page; the app replaces it on its first render.
    rewriter = rewriter.on("div#root", {
      element(root) {
        root.setInnerContent(prerendered, { html: true });
      },
    });
  }
  const page = rewriter.transform(shell);
  const headers = new Headers(shell.headers);
  headers.delete("etag");
  headers.delete("last-modified");
  headers.set("cache-control", "no-cache");
  // A drink that is not on the menu: the app's "Product not found" page, with a 404 to match.
  return new Response(page.body, { status: content.missing ? 404 : 200, headers });
}

const productParams = z.object({ categoryId: catalogId, id: catalogId });

/** The landing pages' addresses; wrangler.toml's run_worker_first sends them to the worker. */
export const LANDING_PAGE_PATHS = { home: "/", menu: "/menu", product: PRODUCT_PAGE_PATH } as const;

export const pagesRouter = new Hono<AppEnv>()
  .get(LANDING_PAGE_PATHS.home, (c) =>
    landingPage(c, "home", Promise.resolve({ hints: [{ kind: "image", href: HOME_HERO_IMAGE }] })),
  )
  .get(LANDING_PAGE_PATHS.menu, (c) => landingPage(c, "menu", menuContent(c.env, new URL(c.req.url))))
  .get(LANDING_PAGE_PATHS.product, (c) => {
    // A malformed address still gets the page (which says "Product not found", with a 404), just no data hints.
    const params = productParams.safeParse(c.req.param());
    return landingPage(
      c,
      "product",
      params.success
        ? productContent(c.env, new URL(c.req.url), params.data.categoryId, params.data.id)
        : Promise.resolve({ hints: [], missing: true }),
    );
  });
