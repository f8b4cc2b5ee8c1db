import { create } from "zustand";
import type { ShopStatus } from "#common/availability";
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

let inFlight: Promise<ShopStatus | null> | null = null;

export const useShopStatus = create<ShopStatusState>()((set, get) => ({
  status: null,
  fetchedAt: null,
  refresh(): Promise<ShopStatus | null> {
    // One request at a time: the poll, a page and the checkout may all ask at once.
    inFlight ??= getShopStatus()
      .then((status): ShopStatus | null => {
        set({ status, fetchedAt: Date.now() });
        return status;
      })
      .catch((error: unknown) => {
        // Offline or the API is down: keep what was last known; the server still decides at checkout.
        console.warn("Could not refresh the shop's status", error);
        return get().status;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  },
}));
