import type { RefObject } from "react";
import { formatCents, formatCentsOff } from "#common/money";
import type { CartItem } from "#web/lib/cart-store";
import { CheckoutLine } from "./checkout-line";
import { LineReward, RewardNote } from "./line-reward";
import { PromoCodeField } from "./promo-code-field";
import type { PromoCodeState } from "./use-promo-code";
import type { RewardChoice } from "./use-reward-choice";

interface CheckoutSummaryProps {
  items: CartItem[];
  /** What stops a line being ordered, said under it. */
  lineProblem(item: CartItem): string | undefined;
  linesRef: RefObject<HTMLUListElement | null>;
  submitting: boolean;
  delivering: boolean;
  deliveryFeeCents: number;
  tipCents: number;
  totalCents: number;
  /** The server priced the order differently from the cart: the total is the server's. */
  pricesChanged: boolean;
  promo: PromoCodeState;
  /** What `POST /api/orders` said of the promo code, said under the field. */
  promoRefusal: string | null;
  onPromoChanged(): void;
  reward: RewardChoice;
  /** What `POST /api/orders` said of the reward (409 `reward_not_available`), in words. */
  rewardRefusal: string | null;
}

/**
 * The order summary: the lines (with the stamp card's free drink), the promo code and its discount,
 * the delivery fee and tip, and the total.
 */
export function CheckoutSummary({
  items,
  lineProblem,
  linesRef,
  submitting,
  delivering,
  deliveryFeeCents,
  tipCents,
  totalCents,
  pricesChanged,
  promo,
  promoRefusal,
  onPromoChanged,
  reward,
  rewardRefusal,
}: CheckoutSummaryProps) {
  return (
    <section className="checkout-card" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-card__title">
        Order summary
      </h2>
      <ul role="list" className="checkout-lines" ref={linesRef}>
        {items.map((item) => (
          <CheckoutLine
            key={item.id}
            item={item}
            disabled={submitting}
            problem={lineProblem(item)}
            reward={<LineReward item={item} choice={reward} disabled={submitting} />}
          />
        ))}
      </ul>
      {/* Its room is kept from the first paint: the card answers later, and nothing may push the Checkout button then. */}
      <div className="checkout-reward-note">
        <RewardNote choice={reward} promoCode={promo.sentCode} orderRefusal={rewardRefusal} />
      </div>
      <PromoCodeField promo={promo} orderRefusal={promoRefusal} onChanged={onPromoChanged} disabled={submitting} />
      {promo.sentCode && promo.discountCents > 0 && (
        <p className="checkout-fee checkout-discount">
          <span>{promo.sentCode}</span>
          <span data-testid="checkout-discount">{formatCentsOff(promo.discountCents)}</span>
        </p>
      )}
      {reward.using && reward.reward && reward.discountCents > 0 && (
        <p className="checkout-fee checkout-discount">
          <span>{reward.reward.name}</span>
          <span data-testid="checkout-reward-discount">{formatCentsOff(reward.discountCents)}</span>
        </p>
      )}
      {delivering && (
        <p className="checkout-fee">
          <span>Delivery</span>
          <span data-testid="checkout-delivery-fee">{formatCents(deliveryFeeCents)}</span>
        </p>
      )}
      {tipCents > 0 && (
        <p className="checkout-fee">
          <span>Tip</span>
          <span data-testid="checkout-tip">{formatCents(tipCents)}</span>
        </p>
      )}
      <p className="checkout-total">
        <span>Total</span>
        <span data-testid="checkout-total">{formatCents(totalCents)}</span>
      </p>
      {pricesChanged && (
        <p className="checkout-note" role="status">
          Prices have changed since these drinks were added; this is the total you pay.
        </p>
      )}
    </section>
  );
}
