import { sizeLabel, type ProductSize } from "./catalog";
import { LOCATION_PARAM } from "./locations";
import type { ModifierOption } from "./modifiers";

/**
 * "Order again": an earlier order's drinks as they can be bought today at the shop the shopper
 * has chosen (`?location=<id>`; the default shop without). `GET` answers what the cart gets (that
 * shop's prices today, the drinks it still sells) and what is left out and why; the cart is
 * the shopper's to check out as usual, and the server prices it again then.
 */
export const orderAgainPath = (orderId: string, location?: string) =>
  `/api/orders/${encodeURIComponent(orderId)}/again${location ? `?${LOCATION_PARAM}=${encodeURIComponent(location)}` : ""}`;

/** A line ready for the cart, at today's price, with the price it had in the earlier order. */
export interface OrderAgainLine {
  productId: string;
  categoryId: string;
  name: string;
  image: string;
  size: ProductSize;
  quantity: number;
  note: string;
  /** The same options as then (and the defaults of a group added since), as the order request takes them. */
  modifierIds: string[];
  /** Those options as the menu names and prices them today. */
  options: ModifierOption[];
  /** Today's price of one drink with its options. */
  unitPriceCents: number;
  previousUnitPriceCents: number;
}

/** Why a drink of the earlier order cannot go in the cart today. */
export const LEFT_OUT_REASONS = ["not_on_menu", "not_sold_here", "size_not_sold", "sold_out", "option_gone"] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];

export interface OrderAgainLeftOut {
  name: string;
  size: ProductSize;
  reason: LeftOutReason;
  /** For `option_gone`, or `sold_out` or `not_sold_here` because of one option: that option. */
  option?: string;
}

export interface OrderAgainResponse {
  lines: OrderAgainLine[];
  leftOut: OrderAgainLeftOut[];
}

/** A left-out drink in the shopper's words: "Mango Tango (Large): sold out today". */
export function leftOutText(item: OrderAgainLeftOut): string {
  const sizeName = sizeLabel(item.size);
  const what = item.size === "default" ? item.name : `${item.name} (${sizeName})`;
  const why =
    item.reason === "not_on_menu"
      ? "no longer on the menu"
      : item.reason === "not_sold_here"
        ? item.option
          ? `${item.option} is not offered at this shop`
          : "not sold at this shop"
        : item.reason === "size_not_sold"
          ? `not sold in ${sizeName} any more`
          : item.reason === "option_gone"
            ? `${item.option ?? "one of its options"} is no longer offered`
            : item.option
              ? `${item.option} is sold out today`
              : "sold out today";
  return `${what}: ${why}`;
}
