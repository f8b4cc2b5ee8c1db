// The SPA's built files stand behind the ASSETS binding; worker tests give the worker a small
// stand-in for them at that binding: the page shell and the build's list of landing-page code.
let build = 0;

/** A new deployment's files from now on (a landing page kept in the cache for another build is never served). */
export function nextBuild(): void {
  build += 1;
}

const shellOfBuild = () =>
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Squeeze</title><meta name="build" content="${build}"></head><body><div id="root"></div><script type="module" crossorigin src="/assets/index-abc.js"></script></body></html>`;

export const LANDING_ASSETS = {
  home: { scripts: ["/assets/home-page-1.js"], styles: ["/assets/home-page-1.css"] },
  menu: { scripts: ["/assets/menu-page-2.js", "/assets/query-3.js"], styles: ["/assets/menu-page-2.css"] },
  product: { scripts: ["/assets/product-page-4.js", "/assets/query-3.js"], styles: ["/assets/product-page-4.css"] },
};

export function assetsBinding({ landingAssets = LANDING_ASSETS as unknown, shell = shellOfBuild() } = {}) {
  const requested: string[] = [];
  const binding = {
    async fetch(input: RequestInfo | URL) {
      const url = new URL(input instanceof Request ? input.url : input.toString());
      requested.push(url.pathname);
      if (url.pathname === "/landing-assets.json") {
        return landingAssets === null
          ? new Response(shell, { headers: { "content-type": "text/html" } })
          : Response.json(landingAssets);
      }
      return new Response(shell, { headers: { "content-type": "text/html; charset=utf-8", etag: '"shell-1"' } });
    },
  };
  return { binding: binding as unknown as Fetcher, requested };
}
