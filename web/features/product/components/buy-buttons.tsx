import { formatCents } from "#common/money";
import type { BuyDrink } from "#web/features/product/use-buy-drink";

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
