import { queryOptions, useQuery } from "@tanstack/react-query";
import { DELIVERY_AREA_PATH, type DeliveryArea } from "#common/fulfilment";
import { apiFetch } from "#web/lib/api-client";

/** GET /api/delivery-area: the shop's pickup address, its delivery fee and the ZIP codes it delivers to. */
export function getDeliveryArea(): Promise<DeliveryArea> {
  return apiFetch<DeliveryArea>(DELIVERY_AREA_PATH);
}

export function deliveryAreaQueryOptions() {
  return queryOptions({ queryKey: ["delivery-area"], queryFn: getDeliveryArea, staleTime: 5 * 60_000 });
}

export function useDeliveryArea() {
  return useQuery(deliveryAreaQueryOptions());
}
