import { shopTown, type ShopDetails } from "#common/shop-details";
import { brand } from "./brand";

/**
 * The sentences that change with the shop (common/shop-details.ts says whose words are whose).
 * `shop` is the chosen shop, or null for the business's words, which promise nothing one shop
 * does not keep (delivery above all: only a shop with a delivery area promises it).
 */

/** The home page's eyebrow: "Cold-pressed in Scottsdale", or the business's region. */
export const pressedIn = (shop: ShopDetails | null) => `Cold-pressed in ${shop ? shopTown(shop) : brand.region}`;

/** The home page's one-line promise under its buttons. */
export function heroPromise(shop: ShopDetails | null): string {
  if (!shop) return "Order ahead for pickup or delivery";
  return shop.offersDelivery ? `Delivery in ${brand.deliveryWindow}` : `Pickup at the counter in ${shopTown(shop)}`;
}

/** The short fact beside "Delivery" (the home page's shop story, the About page's facts). */
export function deliveryFact(shop: ShopDetails | null): string {
  if (!shop) return "Where offered";
  return shop.offersDelivery ? brand.deliveryWindow.replace(" minutes", " min") : "Pickup only";
}

/** The FAQ's answer on delivery (the spec's topic: delivery in 60-90 minutes). */
export function deliveryAnswer(shop: ShopDetails | null): string {
  if (!shop)
    return `Shops with a delivery area bring your drinks within ${brand.deliveryWindow} of placing the order, pressed fresh for you; every shop also has pickup at the counter.`;
  return shop.offersDelivery
    ? `${shop.name} brings your drinks within ${brand.deliveryWindow} of placing the order, pressed fresh for you.`
    : `${shop.name} offers pickup only: order ahead and collect your drinks at the counter, pressed fresh for you.`;
}
