import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { LOCATION_PARAM, SHOP_COOKIE } from "#common/locations";
import type { AppEnv } from "#worker/env";
import { DEFAULT_SHOP_ID } from "./default-shop";

/** How long an id may be before it is not one of ours (ids are short; a cookie is anyone's). */
const MAX_ID_LENGTH = 100;

/**
 * The shop an API request is for: the one it names (`?location=<id>`, or `named`, a body's
 * `locationId`), else the default shop, so today's clients and scripts/ keep working. Whether
 * that shop exists and takes online orders is the caller's to check (an unknown id is a 400
 * naming the field).
 */
export function requestedShopId(c: Context<AppEnv>, named?: string | null): string {
  const asked = named ?? c.req.query(LOCATION_PARAM);
  return asked ? asked.slice(0, MAX_ID_LENGTH) : DEFAULT_SHOP_ID;
}

/**
 * The shop a page is rendered for: the one the shop cookie remembers, else the default shop.
 * Given the shops there are (`known`), a cookie naming none of them (an old cookie) reads as
 * the default too; without, that is the caller's to check.
 */
export function pageShopId(c: Context<AppEnv>, known?: ReadonlySet<string>): string {
  const remembered = rememberedShopId(c);
  return remembered && (!known || known.has(remembered)) ? remembered : DEFAULT_SHOP_ID;
}

/** The shop the cookie remembers, if the cookie looks like an id. */
export function rememberedShopId(c: Context<AppEnv>): string | null {
  const value = getCookie(c, SHOP_COOKIE);
  return value && value.length <= MAX_ID_LENGTH && /^[a-z0-9-]+$/.test(value) ? value : null;
}
