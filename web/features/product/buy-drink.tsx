import { useId } from "react";
import { useNavigate } from "react-router";
import { SIZE_LABELS, type Product } from "#common/catalog";
import { pausedMessage } from "#common/hours/format";
import { formatCents } from "#common/money";
import { useShopStatus } from "#web/shared-features/shop-status/shop-status-store";
import { cartLineIdWithOptions } from "#web/lib/cart-line";
import { useCartStore, type NewCartItem } from "#web/lib/cart-store";
import { useAuthGate } from "#web/lib/sign-in-gate/use-auth-gate";
import type { DrinkChoice } from "./use-drink-choice";

/**
 * Order Now and Add to Cart for the drink as chosen: whether they can be used and why not (said
 * beside them, under `whyId`), and what each does, signing in first when needed.
 */
export function useBuyDrink(product: Product, choice: DrinkChoice) {
  const requireSignIn = useAuthGate();
  const navigate = useNavigate();
  const shop = useShopStatus((state) => state.status);
  const paused = shop?.reason === "paused";
  const whyId = useId();
  const { size, sizeSoldOut, firstSizeLeft, unmakeable, price, problems, options } = choice;
  // Why a button cannot be used, said beside it: a sold-out size, or ordering paused (Add to
  // Cart still keeps the drink for later then).
  const why = sizeSoldOut
    ? firstSizeLeft
      ? `${SIZE_LABELS[size]} is sold out today: choose another size.`
      : "Sold out today."
    : unmakeable
      ? `Sold out today: we have no ${unmakeable.name.toLocaleLowerCase("en-US")} left to make it with.`
      : paused
        ? `${pausedMessage(shop.pausedUntil ? new Date(shop.pausedUntil) : null, shop.timeZone)}. Add to Cart keeps the drink in your cart for then.`
        : null;

  const cannotBuy = !price || sizeSoldOut || unmakeable !== undefined;

  function cartLine(): NewCartItem | null {
    if (cannotBuy) return null;
    if (problems.length > 0) {
      choice.setTriedToBuy(true);
      // Take the shopper to the first group that still needs a choice.
      document.querySelector<HTMLInputElement>(`[data-group="${problems[0]!.groupId}"] input:not(:disabled)`)?.focus();
      return null;
    }
    const comment = choice.note.trim();
    return {
      id: cartLineIdWithOptions(product.name, size, comment, options),
      productId: product.id,
      categoryId: product.categoryId,
      name: product.name,
      priceCents: choice.unitCents,
      size,
      quantity: choice.quantity,
      comment,
      image: product.image,
      ...(choice.groups.length > 0 ? { options } : {}),
    };
  }

  function addToCart() {
    const item = cartLine();
    if (!item) return;
    requireSignIn(
      () => {
        useCartStore.getState().addItem(item);
        choice.startAfresh();
        useCartStore.getState().open();
      },
      { kind: "add-to-cart", item, then: "open-cart" },
    );
  }

  function orderNow() {
    const item = cartLine();
    if (!item || paused) return;
    requireSignIn(
      () => {
        useCartStore.getState().addItem(item);
        choice.startAfresh();
        navigate("/checkout");
      },
      { kind: "add-to-cart", item, then: "checkout" },
    );
  }

  return {
    why,
    whyId,
    /** The size or an option it needs is sold out: beside both buttons, Add to Cart included. */
    soldOutWhy: sizeSoldOut || unmakeable !== undefined,
    cannotBuy,
    paused,
    addToCart,
    orderNow,
  };
}

export type BuyDrink = ReturnType<typeof useBuyDrink>;

interface BuyButtonsProps {
  buy: BuyDrink;
  /**
   * Where they stand: under the drink's choices, or in the bar a phone keeps at hand once those
   * have scrolled away (Add to Cart first there, with the drink's total).
   */
  place: "details" | "bar";
  totalCents: number;
}

/** Order Now and Add to Cart, the same two wherever they stand. */
export function BuyButtons({ buy, place, totalCents }: BuyButtonsProps) {
  const inBar = place === "bar";
  const orderNow = (
    <button
      type="button"
      className={inBar ? "btn btn--primary buy-bar__order" : "btn btn--primary btn--large"}
      onClick={buy.orderNow}
      disabled={buy.cannotBuy}
      aria-disabled={buy.paused || undefined}
      aria-describedby={buy.why ? buy.whyId : undefined}
    >
      Order Now
    </button>
  );
  const addToCart = (
    <button
      type="button"
      className={inBar ? "btn btn--ghost buy-bar__add" : "btn btn--ghost btn--large"}
      onClick={buy.addToCart}
      disabled={buy.cannotBuy}
      aria-describedby={!inBar && buy.soldOutWhy ? buy.whyId : undefined}
    >
      {inBar ? <>Add to Cart · {formatCents(totalCents)}</> : "Add to Cart"}
    </button>
  );
  return inBar ? (
    <>
      {addToCart}
      {orderNow}
    </>
  ) : (
    <>
      {orderNow}
      {addToCart}
    </>
  );
}
