import { useContext, useEffect, useSyncExternalStore } from "react";
import { create } from "zustand";
import type { ShopDetails } from "#common/shop-details";
import { RenderedShopContext } from "#web/lib/rendered-shop";
import { useShopId } from "#web/lib/shop-store";

/** The shops' details once listed (null until then); the list's code loads after the first paint. */
const useListedShops = create<{ shops: ShopDetails[] | null }>(() => ({ shops: null }));
let asked: Promise<void> | null = null;

function askForShops(): void {
  asked ??= import("./shop-details-list")
    .then(({ listedShopDetails }) => listedShopDetails())
    .then((shops) => {
      if (shops) useListedShops.setState({ shops });
      else asked = null; // offline or the API down: ask again next time
    })
    .catch((error: unknown) => {
      console.warn("Could not load the shops' details", error);
      asked = null;
    });
}

const subscribeToNothing = () => () => {};

/**
 * The chosen shop's words (name, address, phone, delivery: common/shop-details.ts), or null for
 * the business's. While the HTML is hydrated: the shop the page was rendered with (none for the
 * home page). Then the chosen shop as listed by GET /api/locations, keeping the rendered shop's
 * words until the list has come; with one shop, or none chosen, the business's.
 */
export function useShopDetails(): ShopDetails | null {
  const rendered = useContext(RenderedShopContext);
  const shopId = useShopId();
  const shops = useListedShops((state) => state.shops);
  useEffect(() => {
    if (shopId) askForShops();
  }, [shopId]);
  let chosen: ShopDetails | null = null;
  if (shopId)
    chosen = shops ? (shops.find((shop) => shop.id === shopId) ?? null) : rendered?.id === shopId ? rendered : null;
  // The rendered shop while hydrating, the chosen one after. React redraws the words after
  // hydration only when the two differ, so the footer and the home page's lines of a visitor who
  // chose no shop are not rendered a second time, in one uninterruptible task, as the page settles.
  return useSyncExternalStore(
    subscribeToNothing,
    () => chosen,
    () => rendered,
  );
}
