import type { Env } from "#worker/env";

/**
 * A copy of `response` whose headers can be changed. Responses from the ASSETS binding and from
 * `fetch()` carry immutable headers, and the middlewares that run after a handler (secure
 * headers, the sign-in popup's opener policy, the prerendered styles' CSP) set headers on
 * whatever the handler answered: handing such a response back as it is ends in a 500
 * ("Can't modify immutable headers"). Every response that comes from ASSETS or fetch goes
 * through here before a route returns it.
 */
export function mutableResponse(response: Response): Response {
  return new Response(response.body, response);
}

/**
 * The static assets' answer for `request` (the SPA's files; index.html for any other page), with
 * headers the middlewares may change. The only place the worker calls the ASSETS binding.
 */
export async function fetchAsset(env: Pick<Env, "ASSETS">, request: Request | URL | string): Promise<Response> {
  if (!env.ASSETS)
    return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return mutableResponse(await env.ASSETS.fetch(request));
}
