import { isSoldOut, type SoldOutItem } from "#common/availability";
import { useSoldOut } from "#web/shared-features/shop-status/sold-out";
import { useSoldOutOptions } from "#web/shared-features/shop-status/sold-out-options";
import { unavailableProblem } from "#web/shared-features/shop-picker/cart-shop";
import { useChosenShop } from "#web/shared-features/shop-picker/use-chosen-shop";
import type { CartItem } from "#web/lib/cart-store";
import { SOLD_OUT_LINE_TEXT, soldOutOptionText, type LineProblems } from "./use-order-refusals";

function lineIsSoldOut(soldOut: SoldOutItem[], item: CartItem): boolean {
  return isSoldOut(soldOut, item.productId, item.size as never);
}

/** What the shop's state says of a line: its drink or size sold out, or an option it is made with. */
function soldOutText(soldOut: SoldOutItem[], soldOutOptions: ReadonlySet<string>, item: CartItem): string | undefined {
  if (lineIsSoldOut(soldOut, item)) return SOLD_OUT_LINE_TEXT;
  const option = item.options?.find((each) => soldOutOptions.has(each.id));
  return option ? soldOutOptionText(option.name) : undefined;
}

/**
 * What stops a cart line from being ordered, said under the line: what the server refused it for
 * (`refused`), else that the cart's shop cannot make it (it moved from another shop), else what the
 * shop's state says is sold out. `problemLineIds` in the cart's order.
 */
export function useLineProblems(items: CartItem[], refused: LineProblems) {
  const soldOut = useSoldOut();
  const soldOutOptions = useSoldOutOptions();
  const shopName = useChosenShop()?.shop?.name;
  const lineProblem = (item: CartItem): string | undefined =>
    refused[item.id] ?? unavailableProblem(item, shopName) ?? soldOutText(soldOut, soldOutOptions, item);
  const problemLineIds = items.filter((item) => lineProblem(item) !== undefined).map((item) => item.id);
  return { lineProblem, problemLineIds };
}
