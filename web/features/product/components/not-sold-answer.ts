import { PRODUCT_NOT_SOLD, type SoldAtShop } from "#common/catalog";
import { ApiRequestError } from "#web/lib/api-client";
import { isRecord, isString } from "#web/lib/guards";

/** The shops a not-sold answer names (outside input: each checked), or null when the error is another. */
export function notSoldAnswer(error: unknown): { message: string; soldAt: SoldAtShop[] } | null {
  if (!(error instanceof ApiRequestError) || error.status !== 404 || error.code !== PRODUCT_NOT_SOLD) return null;
  const named = isRecord(error.body) && isRecord(error.body.error) ? error.body.error.soldAt : undefined;
  const soldAt = Array.isArray(named)
    ? named.filter(
        (shop): shop is SoldAtShop => isRecord(shop) && isString(shop.id) && isString(shop.name) && isString(shop.slug),
      )
    : [];
  return { message: error.message, soldAt };
}
