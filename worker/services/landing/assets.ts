import { z } from "zod";
import type { Env } from "#worker/env";
import { fetchAsset } from "#worker/lib/assets";
import { sha256Hex } from "#worker/lib/sha256";

/**
 * The pages the worker serves as the app's own HTML, as `vite.config.ts` (landingAssets) lists
 * their code: the landing pages (home, menu, a drink), then every other page of the shop's.
 */
export const landingKind = z.enum([
  "home",
  "menu",
  "product",
  "about",
  "contact",
  "partnership",
  "checkout",
  "orders",
  "order",
]);
export type LandingKind = z.infer<typeof landingKind>;

const landingAssetsSchema = z.partialRecord(
  landingKind,
  z.object({
    scripts: z.array(z.string().startsWith("/")),
    styles: z.array(z.string().startsWith("/")),
    /** The page prerendered at build time (the home page: it needs no data). */
    markup: z.string().optional(),
  }),
);
export type LandingAssets = z.infer<typeof landingAssetsSchema>;

/** The build's list of each landing page's code, read once per isolate. */
let landingAssets: Promise<LandingAssets> | undefined;

/** The build's list of each landing page's code; empty when there is none or it cannot be read. */
export function readLandingAssets(env: Env, origin: string): Promise<LandingAssets> {
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

/** Lets the next request read the asset list and the build's identity again (tests swap the ASSETS binding). */
export function forgetLandingAssets(): void {
  landingAssets = undefined;
  buildId = undefined;
}

/** Kept as the finished string: a promise begun in one request is not shared with another. */
let buildId: string | undefined;

/**
 * What identifies the build a page is made from: a digest of the shell (index.html, which names
 * the entry script and stylesheet) and the landing pages' code list. A page rendered by one
 * deployment names that deployment's files, so it must never be served by another. Read once
 * per isolate: a deployment's isolates never see other files.
 */
export async function readBuildId(env: Env, origin: string): Promise<string> {
  if (buildId) return buildId;
  const [shell, code] = await Promise.all([
    fetchShell(env, origin).then((response) => response.text()),
    readLandingAssets(env, origin),
  ]);
  buildId = (await sha256Hex(`${shell}\n${JSON.stringify(code)}`)).slice(0, 16);
  return buildId;
}

/**
 * The SPA's shell (index.html). A plain GET: the hints differ from visit to visit, so the
 * asset's ETag and a conditional 304 would not describe what a landing page carries.
 */
export function fetchShell(env: Env, origin: string): Promise<Response> {
  return fetchAsset(env, new Request(new URL("/", origin), { headers: { accept: "text/html" } }));
}
