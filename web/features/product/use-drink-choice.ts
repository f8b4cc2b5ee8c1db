import { useEffect, useState } from "react";
import { selectableSizes, type Product, type ProductSize } from "#common/catalog";
import { lineTotalCents, unitPriceCents } from "#common/line-price";
import { isSoldOut } from "#common/availability";
import { availableDefaultIds, chosenOptions, groupSoldOut, selectionProblems } from "#common/modifiers";
import { ORDER_LIMITS } from "#common/order-limits";
import { useSoldOut } from "#web/shared-features/shop-status/sold-out";
import { useSoldOutOptions } from "#web/shared-features/shop-status/sold-out-options";

/**
 * What the shopper is choosing on a drink's page: its size, add-ons, quantity and note, what one
 * and all of them cost, and what of it the shop's state rules out.
 */
export function useDrinkChoice(product: Product) {
  const sizes = selectableSizes(product);
  const [size, setSize] = useState<ProductSize>(sizes[0] ?? "default");
  const [sizeChosen, setSizeChosen] = useState(false);
  const [quantity, setQuantity] = useState<number>(ORDER_LIMITS.minQuantity);
  const [note, setNote] = useState("");
  const groups = product.modifierGroups ?? [];
  const soldOutOptions = useSoldOutOptions();
  const [chosenIds, setModifierIds] = useState<string[]>(() => availableDefaultIds(groups, soldOutOptions));
  // An option that runs out while the page is open drops out of the choice (a required group
  // then asks for another); one that can no longer be had leaves the drink unmakeable.
  const modifierIds = chosenIds.filter((id) => !soldOutOptions.has(id));
  const unmakeable = groupSoldOut(groups, soldOutOptions);
  // A required group left empty says so only once the shopper has tried to buy.
  const [triedToBuy, setTriedToBuy] = useState(false);
  const options = chosenOptions(groups, modifierIds);
  const problems = selectionProblems(groups, modifierIds);
  const price = product.pricesBySize[size];
  // The drink as the chosen shop sells it (the API applied its prices): priced by the one rule.
  const unitCents = price ? unitPriceCents(price, options) : 0;
  const totalCents = lineTotalCents({ unitPriceCents: unitCents, quantity });

  const soldOut = useSoldOut();
  const isSizeSoldOut = (option: ProductSize) => isSoldOut(soldOut, product.id, option);
  const sizeSoldOut = isSizeSoldOut(size);
  const firstSizeLeft = sizes.find((option) => !isSizeSoldOut(option));

  // Until the shopper picks a size, the one shown is one they can have.
  useEffect(() => {
    if (!sizeChosen && sizeSoldOut && firstSizeLeft) setSize(firstSizeLeft);
  }, [sizeChosen, sizeSoldOut, firstSizeLeft]);

  function chooseSize(option: ProductSize) {
    if (isSizeSoldOut(option)) return;
    setSize(option);
    setSizeChosen(true);
  }

  /** What was added is in the cart: the page is ready for the next drink. */
  function startAfresh() {
    setNote("");
    setQuantity(ORDER_LIMITS.minQuantity);
    setModifierIds(availableDefaultIds(groups, soldOutOptions));
    setTriedToBuy(false);
  }

  return {
    sizes,
    size,
    chooseSize,
    isSizeSoldOut,
    sizeSoldOut,
    /** The first size not sold out, if any. */
    firstSizeLeft,
    price,
    groups,
    soldOutOptions,
    modifierIds,
    setModifierIds,
    options,
    /** A required group with nothing left to choose: the drink cannot be made today. */
    unmakeable,
    problems,
    triedToBuy,
    setTriedToBuy,
    quantity,
    setQuantity,
    note,
    setNote,
    unitCents,
    totalCents,
    startAfresh,
  };
}

export type DrinkChoice = ReturnType<typeof useDrinkChoice>;
