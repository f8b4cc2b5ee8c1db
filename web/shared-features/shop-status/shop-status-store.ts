import { create } from "zustand";
import type { ShopStatus } from "#common/availability";
import { currentShopId, useShopChoice } from "#web/lib/shop-store";
import { getShopStatus } from "./api/get-shop-status";

/**
 * The shop's state as the pages show it: the banner, the footer's hours, sold-out marks, the
 * checkout. A small store rather than a query: the header shows it on every page, including
 * the ones that never load the data layer (see docs/decisions/0007).
 */
export interface ShopStatusState {
  status: ShopStatus | null;
  /** When the status was last fetched (the browser's clock). */
  fetchedAt: number | null;
  refresh(): Promise<ShopStatus | null>;
}

let inFlight: { shopId: string | null; status: Promise<ShopStatus | null> } | null = null;

export const useShopStatus = create<ShopStatusState>()((set, get) => ({
  status: null,
  fetchedAt: null,
  refresh(): Promise<ShopStatus | null> {
    // One request at a time per shop: the poll, a page and the checkout may all ask at once.
    const shopId = currentShopId();
    if (inFlight?.shopId === shopId) return inFlight.status;
    const asked = getShopStatus(shopId)
      .then((status): ShopStatus | null => {
        // An answer about the shop the shopper has just left is not shown.
        if (currentShopId() !== shopId) return get().status;
        set({ status, fetchedAt: Date.now() });
        return status;
      })
      .catch((error: unknown) => {
        // Offline or the API is down: keep what was last known; the server still decides at checkout.
        console.warn("Could not refresh the shop's status", error);
        return get().status;
      })
      .finally(() => {
        if (inFlight?.status === asked) inFlight = null;
      });
    inFlight = { shopId, status: asked };
    return asked;
  },
}));

// Another shop chosen: its state replaces the last one's at once (nothing of the old shop shows meanwhile).
useShopChoice.subscribe((state, previous) => {
  if (state.shopId === previous.shopId) return;
  useShopStatus.setState({ status: null, fetchedAt: null });
  void useShopStatus.getState().refresh();
});
