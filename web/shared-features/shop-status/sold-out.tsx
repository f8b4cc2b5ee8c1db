import { isSoldOut, isWholeDrinkSoldOut, type SoldOutItem, type SoldOutScope } from "#common/availability";
import { useShopStatus } from "./shop-status-store";

const NOTHING_SOLD_OUT: SoldOutItem[] = [];

/** The location's sold-out marks, as last fetched (empty until then: the server still decides). */
export function useSoldOut(): SoldOutItem[] {
  return useShopStatus((state) => state.status?.soldOut ?? NOTHING_SOLD_OUT);
}

export function useIsSoldOut(productId: string, size: SoldOutScope): boolean {
  return isSoldOut(useSoldOut(), productId, size);
}

/** Whether every size a shopper could pick of a drink is sold out. */
export function useIsWholeDrinkSoldOut(productId: string, sizes: readonly Exclude<SoldOutScope, "all">[]): boolean {
  return isWholeDrinkSoldOut(useSoldOut(), productId, sizes);
}

export function SoldOutBadge({ className }: { className?: string }) {
  return <span className={["sold-out-badge", className].filter(Boolean).join(" ")}>Sold out</span>;
}
