import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { Server, type ServerResponse } from "node:http";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Connect, defineConfig, type Plugin, type Rollup } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { APP_SHELL_PATH } from "./common/offline.ts";

// Local workerd gives requests the fallback `request.cf` instead of fetching a real one from
// workers.cloudflare.com at start-up, which fails offline and adds nothing the app reads.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

/** What Vite's optimiser bundles before the first visit, per environment (see the file's "//"). */
const optimizeDeps = JSON.parse(readFileSync(new URL("./scripts/lib/optimize-deps.json", import.meta.url), "utf8")) as {
  client: string[];
  worker: string[];
};

/**
 * The static HTML of web/prerender-shell.tsx, rendered with react-dom/server at build time:
 * the page frame every route shares (header, a loading main area, footer), and the same frame
 * with the home page in it.
 * Rendered once per build, for both plugins below.
 */
let prerendered: Promise<{ shell: string; home: string }> | undefined;

function prerenderPages(): Promise<{ shell: string; home: string }> {
  prerendered ??= (async () => {
    const result = await build({
      configFile: false,
      logLevel: "warn",
      plugins: [react()],
      resolve: { alias: [{ find: /^react-hot-toast$/, replacement: "react-hot-toast/headless" }] },
      ssr: { noExternal: true },
      build: {
        ssr: "web/prerender-shell.tsx",
        write: false,
        minify: false,
        rolldownOptions: { output: { format: "esm", codeSplitting: false } },
      },
    });
    const outputs = Array.isArray(result) ? result : [result];
    const chunk = outputs
      .flatMap((output) => ("output" in output ? output.output : []))
      .find((file) => file.type === "chunk" && file.isEntry);
    if (!chunk || chunk.type !== "chunk") throw new Error("prerender-shell: no server bundle");
    const dir = mkdtempSync(join(tmpdir(), "squeeze-shell-"));
    try {
      const file = join(dir, "shell.mjs");
      writeFileSync(file, chunk.code);
      const pages = (await import(pathToFileURL(file).href)) as {
        renderShell(): string;
        renderHome(): Promise<string>;
      };
      return { shell: pages.renderShell(), home: await pages.renderHome() };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  return prerendered;
}

/**
 * Puts the page frame into the built index.html. The first paint then needs only the HTML and
 * the stylesheet, not the JavaScript. No inline script or style: the CSP stays as it is.
 */
function prerenderShell(): Plugin {
  return {
    name: "squeeze:prerender-shell",
    apply: "build",
    async transformIndexHtml(html) {
      const { shell } = await prerenderPages();
      return html.replace('<div id="root"></div>', `<div id="root">${shell}</div>`);
    },
  };
}

/** The modules each landing page needs at once, by the kinds worker/services/landing/assets.ts reads. */
const LANDING_MODULES = {
  home: ["web/features/home/home-page.tsx"],
  menu: ["web/features/menu/menu-page.tsx", "web/app/query-provider.tsx"],
  product: ["web/features/product/product-page.tsx", "web/app/query-provider.tsx"],
  // The other pages, which the worker also serves as the app's HTML: their stylesheets must be
  // in that HTML's head, or it paints unstyled until their code arrives.
  about: ["web/features/about/about-page.tsx"],
  contact: ["web/features/contact/contact-page.tsx", "web/app/query-provider.tsx"],
  partnership: ["web/features/partnership/partnership-page.tsx", "web/app/query-provider.tsx"],
  checkout: ["web/features/checkout/checkout-page.tsx", "web/app/query-provider.tsx"],
  orders: ["web/features/orders/orders-page.tsx", "web/app/query-provider.tsx"],
  order: ["web/features/orders/order-page.tsx", "web/app/query-provider.tsx"],
} as const;

/**
 * Writes landing-assets.json next to the client build: for each landing page, the hashed
 * files of its code (outside the entry) and its stylesheets, and for the home page its
 * prerendered HTML. The worker reads it to put preload hints (and the home page) into that
 * page's HTML, so a phone fetches the page's code alongside the entry
 * instead of after it.
 */
function landingAssets(): Plugin {
  return {
    name: "squeeze:landing-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === "chunk");
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // Which chunk holds a module (a page's own chunk, or a group such as the data layer).
      const byModule = new Map(
        chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [relative(process.cwd(), id), chunk] as const)),
      );
      const list: Record<string, { scripts: string[]; styles: string[]; markup?: string }> = {};
      for (const [kind, modules] of Object.entries(LANDING_MODULES)) {
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (chunk: Rollup.OutputChunk) => {
          // The entry is in index.html already.
          if (chunk.isEntry || scripts.has(`/${chunk.fileName}`)) return;
          scripts.add(`/${chunk.fileName}`);
          chunk.viteMetadata?.importedCss.forEach((css) => styles.add(`/${css}`));
          chunk.imports.forEach((file) => {
            const imported = byFile.get(file);
            if (imported) visit(imported);
          });
        };
        for (const module of modules) {
          const chunk = byModule.get(module);
          if (!chunk) this.error(`landing-assets: no chunk for ${module}`);
          visit(chunk);
        }
        list[kind] = { scripts: [...scripts], styles: [...styles] };
      }
      list.home!.markup = (await prerenderPages()).home;
      this.emitFile({ type: "asset", fileName: "landing-assets.json", source: JSON.stringify(list) });
    },
  };
}

/**
 * React Router defines its components as `const Link = React.forwardRef(…)` without marking the
 * call pure, so the bundler keeps every one of them, used or not, with what they use: its <Link>
 * and <NavLink> bring the framework mode's route prefetching (1.7 kB gzip on every first visit),
 * although the app has links of its own (web/components/link.tsx). forwardRef has no side
 * effect; saying so, and dropping the names set for React's developer tools (a write the bundler
 * must otherwise keep), lets the unused ones go.
 */
function pureReactRouterComponents(): Plugin {
  return {
    name: "squeeze:pure-react-router-components",
    apply: "build",
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/].*\.js$/ },
      handler(code) {
        if (!code.includes(".forwardRef(")) return null;
        const pure = code
          .replace(/=\s*(React\$1\.forwardRef\()/g, "= /* @__PURE__ */ $1")
          .replace(/^(\w+)\.displayName = ("[^"]*");$/gm, "");
        return { code: pure, map: null };
      },
    },
  };
}

/**
 * Methods the Fetch API refuses to build a Request for. The dev and preview servers hand
 * every request to the worker as a Request, so one of these would throw inside the server and
 * come back as its 500 error page with a stack trace; the deployed edge never passes them on.
 */
const UNFORWARDABLE_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

function refuseUnforwardable(request: Connect.IncomingMessage, response: ServerResponse, next: Connect.NextFunction) {
  const method = request.method?.toUpperCase() ?? "";
  if (!UNFORWARDABLE_METHODS.has(method)) return next();
  response.statusCode = 501;
  response.setHeader("content-type", "application/json");
  response.setHeader("cache-control", "no-store");
  response.end(
    JSON.stringify({ error: { code: "method_not_implemented", message: `${method} is not served by this app` } }),
  );
}

/** Answers the methods the worker can never receive with a 501, before the worker's middleware sees them. */
function unforwardableMethods(): Plugin {
  return {
    name: "squeeze:unforwardable-methods",
    configureServer(server) {
      server.middlewares.use(refuseUnforwardable);
    },
    configurePreviewServer(server) {
      server.middlewares.use(refuseUnforwardable);
    },
  };
}

/**
 * Keeps an idle connection open for a minute instead of Node's 5 s. Playwright's request contexts
 * (the journeys' API calls) reuse a pooled connection without reading the server's Keep-Alive hint,
 * and one reused just as the server closed it fails with ECONNRESET. Local servers only.
 */
function longIdleConnections(): Plugin {
  const keepIdle = (httpServer: unknown) => {
    if (!(httpServer instanceof Server)) return;
    httpServer.keepAliveTimeout = 60_000;
    // Node requires the headers' timeout to outlast the idle one.
    httpServer.headersTimeout = 61_000;
  };
  return {
    name: "squeeze:long-idle-connections",
    configureServer(server) {
      keepIdle(server.httpServer);
    },
    configurePreviewServer(server) {
      keepIdle(server.httpServer);
    },
  };
}

// One `vite dev` serves the SPA (web/) and runs the worker (worker/) in workerd beside it.
export default defineConfig({
  plugins: [
    react(),
    prerenderShell(),
    landingAssets(),
    pureReactRouterComponents(),
    // Before the worker's own middleware, which cannot forward these methods.
    unforwardableMethods(),
    longIdleConnections(),
    // The service worker (web/service-worker/sw.ts): Workbox, built after the client with the
    // list of files it keeps. The pages register it themselves once they are up (web/app/app-updates.ts).
    VitePWA({
      strategies: "injectManifest",
      srcDir: "web/service-worker",
      filename: "sw.ts",
      injectRegister: false,
      manifest: false,
      devOptions: { enabled: true, type: "module", navigateFallback: APP_SHELL_PATH },
      injectManifest: {
        // The shopper's code and styles, and the page frame (index.html, served as APP_SHELL_PATH);
        // never the staff side's chunks, which a shopper's device has no use for.
        globPatterns: ["index.html", "assets/*.{js,css}"],
        globIgnores: ["assets/staff-*", "assets/new-order-alerts-*"],
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.map((entry) => (entry.url === "index.html" ? { ...entry, url: APP_SHELL_PATH } : entry)),
            warnings: [],
          }),
        ],
      },
    }),
    // SQUEEZE_STATE_DIR lets a second server (the browser tests, a benchmark) use its own local D1.
    cloudflare(process.env.SQUEEZE_STATE_DIR ? { persistState: { path: process.env.SQUEEZE_STATE_DIR } } : {}),
  ],
  resolve: {
    // The headless build of react-hot-toast: the default one injects a <style> tag (goober),
    // which the CSP (style-src 'self') refuses. web/app/toaster.tsx draws the toasts with our CSS.
    alias: [
      { find: /^react-hot-toast$/, replacement: "react-hot-toast/headless" },
      // Its browser entry everywhere: the worker renders the franchise page, and the Node entry
      // (the worker's pick) requires every language's names at run time, which workerd cannot.
      { find: /^i18n-iso-countries$/, replacement: "i18n-iso-countries/index.js" },
    ],
  },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: false },
  build: {
    sourcemap: false,
    // Every browser the shop supports preloads modules itself (Safari since 17): the polyfill
    // would be code on every first visit for nothing.
    modulePreload: { polyfill: false },
  },
  environments: {
    client: {
      // Bundled before the first visit, not discovered during it (scripts/lib/optimize-deps.json).
      optimizeDeps: { include: optimizeDeps.client },
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Everything the entry imports statically is downloaded on every first visit anyway:
              // one file for it (the lazy pages import from it) instead of a handful of small shared
              // chunks, which gzip worse and cost a request each. Pages stay their own chunks.
              // The data layer (TanStack Query and our client for it), which the pages that talk
              // to the API share, is one file too, rather than five pieces split by which page
              // uses which hook. The shared form field rides in it: every page with a field talks
              // to the API, and a drink's page (a landing page) draws its note with it, so it costs
              // no request of its own there.
              groups: [
                { name: "index", tags: ["$initial"], priority: 2 },
                // What the shop banner and the footer's opening hours load after the first paint
                // (the shop's state, its polling, the hours and their wording): one request instead
                // of six small ones competing with the page's pictures. The menu and a drink's page
                // use part of it (sold out) and fetch the same file.
                {
                  name: "shop-status",
                  test: /web[\\/]shared-features[\\/]shop-status[\\/]|common[\\/](availability|hours[\\/]format)\.ts$/,
                  priority: 1,
                },
                {
                  name: "data-layer",
                  test: /node_modules[\\/]@tanstack[\\/]|web[\\/](app|lib)[\\/]query-(client|provider)\.tsx?$|web[\\/]components[\\/]form-field[\\/]/,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
    // The worker's environment (named after wrangler.toml's `name`).
    squeeze: {
      optimizeDeps: { include: optimizeDeps.worker },
    },
  },
});
