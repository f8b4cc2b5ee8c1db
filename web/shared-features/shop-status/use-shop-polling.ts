import { useEffect } from "react";
import { useShopStatus } from "./shop-status-store";

/**
 * How often an open page asks for the shop's state: a pause or a sold-out mark reaches every
 * shopper within this (plus a replica's lag), inside the 30 seconds the shop promises.
 */
export const SHOP_POLL_MS = 15_000;

/** Keeps the shop's state fresh while the page is visible; a page coming back to view asks at once. */
export function useShopPolling(): void {
  useEffect(() => {
    const refresh = () => void useShopStatus.getState().refresh();
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      clearInterval(timer);
      timer = setInterval(refresh, SHOP_POLL_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") {
        refresh();
        start();
      } else {
        clearInterval(timer);
      }
    };
    refresh();
    start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);
}
