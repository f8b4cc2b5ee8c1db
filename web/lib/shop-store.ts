import { useContext } from "react";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { cookieShopId, PrerenderShopContext } from "./chosen-shop";
import { isRecord, isString } from "./guards";

/**
 * The shop the shopper chose, remembered like the cart. The server keeps its own copy in the shop
 * cookie (PUT /api/shop-choice) and, for a signed-in shopper, on the account; this one names the
 * shop on every API read (`?location=`) and in every query key, so a switch refetches. Null until
 * a shop is chosen: the server then answers for the shop in its cookie, or the default shop.
 */
export interface ShopChoiceState {
  shopId: string | null;
  setShopId(shopId: string | null): void;
}

export const SHOP_STORAGE_KEY = "squeeze:shop";

const MAX_SHOP_ID_LENGTH = 100;

/** A stored shop id is outside input: a short string, or nothing. */
function readShopId(value: unknown): string | null {
  return isString(value) && value.length > 0 && value.length <= MAX_SHOP_ID_LENGTH ? value : null;
}

export const useShopChoice = create<ShopChoiceState>()(
  persist(
    (set) => ({
      shopId: null,
      setShopId: (shopId) => set({ shopId }),
    }),
    {
      name: SHOP_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ shopId: state.shopId }),
      merge: (persisted, current) => ({
        ...current,
        shopId: isRecord(persisted) ? readShopId(persisted.shopId) : null,
      }),
    },
  ),
);

/**
 * The chosen shop's id, for a component (re-renders on a switch): the shop a landing page is
 * rendered for on the server; in the browser the stored choice, else the shop cookie's (which
 * the server rendered the page for), so the app asks for the page's own data.
 */
export function useShopId(): string | null {
  const prerendered = useContext(PrerenderShopContext);
  const chosen = useShopChoice((state) => state.shopId);
  return prerendered ?? chosen ?? cookieShopId() ?? null;
}

/** The chosen shop's id now, for code outside React (the stored choice, else the cookie's). */
export const currentShopId = () => useShopChoice.getState().shopId ?? cookieShopId() ?? null;

export { withLocation as withShop } from "#common/shop-paths";

/** A query key's part that names the shop ("default" until one is chosen). */
export const shopKey = (shopId: string | null) => shopId ?? "default";
