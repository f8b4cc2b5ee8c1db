import { create } from "zustand";
import { sizeLabel } from "#common/catalog";
import type { CartLineUnavailable } from "#common/cart-prices";
import type { CartPricesRequest } from "#common/forms/cart-prices";
import { formatCents } from "#common/money";
import { withOptionNames } from "#common/modifiers";
import { useCartStore, type CartItem } from "#web/lib/cart-store";
import { getCartPrices } from "./api/get-cart-prices";

/**
 * What the shopper is told when the cart moved to another shop: each price that changed and each
 * line that shop cannot make. Shown in the cart and at checkout until dismissed or the cart empties.
 */
export interface CartShopNotice {
  shopName: string;
  lines: string[];
  /** The cart could not be priced at the new shop (offline): the lines keep their old prices for now. */
  failed: boolean;
}

export const useCartShopNotice = create<{ notice: CartShopNotice | null; dismiss(): void }>()((set) => ({
  notice: null,
  dismiss: () => set({ notice: null }),
}));

/** A line as the notice names it: "Berry Blast (Large) with Oat milk". */
export function lineName(item: Pick<CartItem, "name" | "size" | "options">): string {
  return withOptionNames(item.size === "default" ? item.name : `${item.name} (${sizeLabel(item.size)})`, item.options);
}

/** Under a line the cart's shop cannot make, and in the notice: why, and what to do. */
export function unavailableText(reason: CartLineUnavailable, shopName: string): string {
  const why =
    reason === "sold_out"
      ? `Sold out at ${shopName}`
      : reason === "not_sold"
        ? `Not sold at ${shopName}`
        : `Not on ${shopName}'s menu`;
  return `${why}: remove it to continue`;
}

/**
 * Prices the cart at `shopId` (POST /api/cart-prices) unless it is priced there already: every
 * line gets that shop's price, and every line that shop cannot make is marked, never dropped. Says
 * what changed. A failed request keeps the old prices and says so; the next call tries again.
 */
export function repriceCart(shopId: string, shopName: string): Promise<void> {
  // One pricing at a time per shop: the picker and the cart's own check may ask together.
  if (pricing?.shopId === shopId) return pricing.done;
  const done = priceAt(shopId, shopName).finally(() => {
    if (pricing?.done === done) pricing = null;
  });
  pricing = { shopId, done };
  return done;
}

let pricing: { shopId: string; done: Promise<void> } | null = null;

async function priceAt(shopId: string, shopName: string): Promise<void> {
  const cart = useCartStore.getState();
  const lines = cart.items;
  if (lines.length === 0) {
    useCartStore.setState({ shopId });
    return;
  }
  if (cart.shopId === shopId) return;
  let prices;
  try {
    prices = await getCartPrices({
      locationId: shopId,
      lines: lines.map((line) => ({
        productId: line.productId,
        // A stored line's size is checked by the server like the rest of the request.
        size: line.size as CartPricesRequest["lines"][number]["size"],
        optionIds: (line.options ?? []).map((option) => option.id),
      })),
    });
  } catch (error) {
    console.warn("Could not price the cart at the new shop", error);
    useCartShopNotice.setState({
      notice: {
        shopName,
        failed: true,
        lines: [`We could not check your cart's prices at ${shopName}. Checkout checks them again.`],
      },
    });
    return;
  }
  useCartStore.getState().priceAtShop(shopId, lines, prices);
  const changes = lines.flatMap((line, index): string[] => {
    const price = prices[index];
    if (!price) return [];
    if ("unavailable" in price) return [`${lineName(line)}: ${unavailableText(price.unavailable, shopName)}.`];
    if (price.unitPriceCents === line.priceCents) return [];
    return [
      `${lineName(line)} is ${formatCents(price.unitPriceCents)} at ${shopName} (was ${formatCents(line.priceCents)}).`,
    ];
  });
  useCartShopNotice.setState({
    notice: {
      shopName,
      failed: false,
      lines: changes.length > 0 ? changes : [`Your cart is at ${shopName}'s prices: nothing changed.`],
    },
  });
}
