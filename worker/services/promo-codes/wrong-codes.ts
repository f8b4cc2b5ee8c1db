/**
 * Wrong promo codes, counted per account (per address for a guest) so codes cannot be guessed by
 * trying: a code that exists is never counted, and its own refusals are deliberate (issue 44).
 */
import type { Context } from "hono";
import type { AppEnv } from "#worker/env";
import { spendMissBudget } from "#worker/lib/rate-limit";

/** Counts a wrong code; past the budget (wrangler.toml's PROMO_RATE_LIMITER), a 429 naming `promoCode`. */
export function countWrongPromoCode(c: Context<AppEnv>): Promise<void> {
  return spendMissBudget(c, "PROMO_RATE_LIMITER", "promo", {
    message: "Too many wrong promo codes. Please wait a minute and try again.",
    field: "promoCode",
  });
}
