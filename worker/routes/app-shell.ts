import { Hono } from "hono";
import { APP_SHELL_PATH } from "#common/offline";
import type { AppEnv } from "#worker/env";
import { fetchAsset } from "#worker/lib/assets";

/**
 * The page frame without a page (the build's index.html): what the service worker keeps to open
 * any page of the app without a connection (common/offline.ts). Never stored by the browser's
 * own cache, so a new build's frame is what the next service worker keeps.
 */
export const appShellRouter = new Hono<AppEnv>().get(APP_SHELL_PATH, async (c) => {
  const response = await fetchAsset(c.env, new URL("/", c.req.url));
  response.headers.set("Cache-Control", "no-cache");
  return response;
});
