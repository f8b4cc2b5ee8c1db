import { useEffect } from "react";
import { DEFAULT_DRINK_LIMITS, drinkCount, overDrinkLimitMessage } from "#common/order-size";
import { shopBannerText } from "#web/shared-features/shop-status/shop-banner";
import { useChosenShop } from "#web/shared-features/shop-picker/use-chosen-shop";
import { deviceTimeZone } from "#common/hours/shop-clock";
import { useShopStatus } from "#web/shared-features/shop-status/shop-status-store";
import type { CartItem } from "#web/lib/cart-store";
import { usePickupDays } from "./api/get-pickup-days";
import { firstSlotAhead } from "./pickup-days";

/**
 * What the shop's state and the days ahead allow this cart: whether the form is offered, the
 * times it can be picked up, and the drinks per online order. `asapRefused`: the server refused
 * "as soon as possible" as ready only after closing.
 */
export function useCheckoutAvailability(items: CartItem[], asapRefused: boolean) {
  const shop = useShopStatus((state) => state.status);
  // The days ahead are their own request, polled while the checkout is open (docs/decisions/0017).
  const pickupDays = usePickupDays();
  const days = pickupDays.data;
  const drinks = drinkCount(items);
  const drinkLimits = shop?.drinkLimits ?? DEFAULT_DRINK_LIMITS;

  // The shop's state as of now, before the shopper fills anything in.
  useEffect(() => {
    void useShopStatus.getState().refresh();
  }, []);

  // "As soon as possible" is offered only when it can be ready before closing (the server's word).
  const asapReadyAt = asapRefused ? null : (shop?.asapReadyAt ?? null);
  // Closed now, the shop still takes orders for a time ahead; paused, it takes none (docs/decisions/0017).
  const closedNow = shop?.reason === "closed";
  const ordersAhead = closedNow && !!days && firstSlotAhead(days, drinks, drinkLimits) !== undefined;
  // Closed, the days decide between the form and "not taking orders": a moment's wait, not a dead end.
  const lookingAhead = closedNow && !days && pickupDays.isPending;
  const daysFailed = !days && pickupDays.isError;
  const shopName = useChosenShop()?.shop?.name;
  const notAccepting =
    shop && !shop.acceptingOrders && !ordersAhead && !lookingAhead
      ? shopBannerText(shop, new Date(), { shopName, device: deviceTimeZone() })
      : null;
  const shopPhone = shop?.phone ?? null;
  // Over the shop's drinks per online order: said before the shopper tries, in the server's words.
  const overLimit = drinks > drinkLimits.perOrder ? overDrinkLimitMessage(drinks, drinkLimits, shopPhone) : null;

  return {
    shop,
    days,
    retryDays: () => void pickupDays.refetch(),
    drinks,
    drinkLimits,
    asapReadyAt,
    closedNow,
    ordersAhead,
    lookingAhead,
    daysFailed,
    notAccepting,
    shopPhone,
    overLimit,
  };
}

export type CheckoutAvailability = ReturnType<typeof useCheckoutAvailability>;
