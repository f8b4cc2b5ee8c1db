import { repriceCart } from "#web/shared-features/shop-picker/reprice-cart";
import { currentShopId, useShopChoice } from "#web/lib/shop-store";
import { findShop, useLocations } from "./locations-store";

/**
 * The account's shop, restored at sign-in (the server has put it back in its cookie): every page
 * reads that shop from now on, and a cart with drinks in it is priced again there.
 */
export async function adoptShop(shopId: string): Promise<void> {
  if (currentShopId() === shopId) return;
  useShopChoice.getState().setShopId(shopId);
  const shop = findShop(await useLocations.getState().load(), shopId);
  await repriceCart(shopId, shop?.name ?? "your shop");
}
