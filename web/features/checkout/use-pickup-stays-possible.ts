import { useEffect } from "react";
import type { PickupRequest } from "#common/forms/checkout";
import { firstSlotAhead, slotStillTakes } from "./pickup-days";
import type { CheckoutAvailability } from "./use-checkout-availability";

/**
 * A chosen slot that filled up, passed or cannot make the cart's drinks any more goes back to
 * "as soon as possible"; while the shop is closed, to the first time ahead that can make them.
 * Until the days have answered, the choice stays as it is.
 */
export function usePickupStaysPossible(
  { shop, days, drinks, drinkLimits, asapReadyAt }: CheckoutAvailability,
  pickup: PickupRequest,
  setPickup: (next: PickupRequest) => void,
): void {
  useEffect(() => {
    if (!shop || !days) return;
    if (pickup.mode === "slot" && slotStillTakes(days, pickup.startsAt, drinks, drinkLimits)) return;
    const first = asapReadyAt ? undefined : firstSlotAhead(days, drinks, drinkLimits);
    if (first) setPickup({ mode: "slot", startsAt: first });
    else if (pickup.mode === "slot") setPickup({ mode: "asap" });
  }, [shop, days, pickup, setPickup, drinks, drinkLimits, asapReadyAt]);
}
