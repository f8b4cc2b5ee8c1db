import { queryOptions, useQuery } from "@tanstack/react-query";
import { DELIVERY_AREA_PATH, type DeliveryArea } from "#common/fulfilment";
import { apiFetch } from "#web/lib/api-client";
import { currentShopId, shopKey, useShopId, withShop } from "#web/lib/shop-store";

/** GET /api/delivery-area: the shop's pickup address, its delivery fee and the ZIP codes it delivers to. */
export function getDeliveryArea(shopId: string | null): Promise<DeliveryArea> {
  return apiFetch<DeliveryArea>(withShop(DELIVERY_AREA_PATH, shopId));
}

export function deliveryAreaQueryOptions(shopId: string | null = currentShopId()) {
  return queryOptions({
    queryKey: ["delivery-area", shopKey(shopId)],
    queryFn: () => getDeliveryArea(shopId),
    staleTime: 5 * 60_000,
  });
}

export function useDeliveryArea() {
  return useQuery(deliveryAreaQueryOptions(useShopId()));
}
