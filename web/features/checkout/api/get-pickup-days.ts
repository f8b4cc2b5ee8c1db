import { queryOptions, useQuery } from "@tanstack/react-query";
import { PICKUP_DAYS_PATH, type PickupDay, type PickupDaysResponse } from "#common/availability";
import { SHOP_POLL_MS } from "#web/shared-features/shop-status/use-shop-polling";
import { apiFetch } from "#web/lib/api-client";
import { currentShopId, shopKey, useShopId, withShop } from "#web/lib/shop-store";
import { isBoolean, isIntegerAtLeast, isRecord, isString } from "#web/lib/guards";

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isPickupDay(value: unknown): value is PickupDay {
  return (
    isRecord(value) &&
    isString(value.date) &&
    LOCAL_DATE.test(value.date) &&
    Array.isArray(value.slots) &&
    value.slots.every(
      (slot: unknown) =>
        isRecord(slot) &&
        isString(slot.startsAt) &&
        !Number.isNaN(Date.parse(slot.startsAt)) &&
        isBoolean(slot.full) &&
        isIntegerAtLeast(slot.drinksLeft, 0),
    )
  );
}

// Checked by hand like GET /api/store: the pickers compute with every slot, so an answer that is
// not a list of days is refused rather than shown as "no pickup times".
function isPickupDaysResponse(body: unknown): body is PickupDaysResponse {
  return isRecord(body) && Array.isArray(body.pickupDays) && body.pickupDays.every(isPickupDay);
}

/** GET /api/pickup-days: the pickup slots of today and the next six open days, for ordering ahead. Never cached. */
export async function getPickupDays(shopId: string | null): Promise<PickupDay[]> {
  const body = await apiFetch<unknown>(withShop(PICKUP_DAYS_PATH, shopId), { cache: "no-store" });
  if (!isPickupDaysResponse(body)) throw new Error(`Unexpected response from GET ${PICKUP_DAYS_PATH}.`);
  return body.pickupDays;
}

export const pickupDaysQueryKey = ["pickup-days"] as const;

export function pickupDaysQueryOptions(shopId: string | null = currentShopId()) {
  return queryOptions({
    queryKey: [...pickupDaysQueryKey, shopKey(shopId)],
    queryFn: () => getPickupDays(shopId),
    // Slots fill and pass as the shop's state changes: asked as often as the pages ask for that
    // state, and at once when the page comes back to view (as the shop's state's poll does).
    staleTime: 0,
    refetchInterval: SHOP_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** The days ahead while the checkout is open, refreshed every SHOP_POLL_MS. */
export function usePickupDays() {
  return useQuery(pickupDaysQueryOptions(useShopId()));
}
