import { useMemo } from "react";
import { useShopStatus } from "./shop-status-store";

const NONE: string[] = [];

/**
 * The add-on options sold out at the location, as last fetched (none until then, or from a
 * worker that does not say: the server still decides).
 */
export function useSoldOutOptions(): ReadonlySet<string> {
  const ids = useShopStatus((state) => state.status?.soldOutOptions ?? NONE);
  return useMemo(() => new Set(ids), [ids]);
}
