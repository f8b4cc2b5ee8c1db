import type { LocationSummary } from "#common/locations";
import { repriceCart } from "#web/shared-features/shop-picker/reprice-cart";
import { useShopChoice } from "#web/lib/shop-store";
import { saveShopChoice } from "./api/save-shop-choice";

/**
 * The shopper picks a shop: the server remembers it first (its cookie, the account), then every
 * page reads that shop, and a cart with drinks in it is priced again there, saying what changed.
 */
export async function chooseShop(shop: Pick<LocationSummary, "id" | "name">): Promise<void> {
  await saveShopChoice(shop.id);
  useShopChoice.getState().setShopId(shop.id);
  await repriceCart(shop.id, shop.name);
}
