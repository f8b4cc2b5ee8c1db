import { formatCentsOff } from "#common/money";
import type { CartItem } from "#web/lib/cart-store";
import type { RewardChoice } from "./use-reward-choice";

/**
 * The free drink under a cart line: offered ("Use your free drink") on the line it would cover,
 * said with what it takes off once used, and movable to any other drink.
 */
export function LineReward({ item, choice, disabled }: { item: CartItem; choice: RewardChoice; disabled: boolean }) {
  const { reward } = choice;
  if (!reward) return null;
  const name = item.name;
  if (item.id === choice.lineId) {
    if (!choice.using) {
      return (
        <p className="checkout-line__reward">
          <button
            type="button"
            className="btn btn--small btn--primary"
            disabled={disabled}
            aria-label={`Use your free drink on ${name}`}
            onClick={choice.use}
          >
            Use your free drink
          </button>
        </p>
      );
    }
    return (
      <p className="checkout-line__reward checkout-line__reward--used" data-testid="line-reward">
        <span>
          {reward.name}
          {choice.discountCents > 0 && <> · {formatCentsOff(choice.discountCents)}</>}
          {choice.isPricing && choice.discountCents === 0 && <span className="muted"> · pricing…</span>}
        </span>
        <button
          type="button"
          className="btn btn--small btn--ghost"
          disabled={disabled}
          aria-label={`Don't use your free drink on ${name}`}
          onClick={choice.stop}
        >
          Don't use
        </button>
      </p>
    );
  }
  if (!choice.using || item.priceCents <= 0 || item.unavailable) return null;
  return (
    <p className="checkout-line__reward">
      <button
        type="button"
        className="btn btn--small btn--ghost"
        disabled={disabled}
        aria-label={`Move your free drink to ${name}`}
        onClick={() => choice.moveTo(item.id)}
      >
        Free drink on this one instead
      </button>
    </p>
  );
}

/**
 * Under the lines: which of the reward and the promo code applies (they do not combine), why the
 * reward cannot be spent, or how many drinks to the next one.
 */
export function RewardNote({
  choice,
  promoCode,
  orderRefusal,
}: {
  choice: RewardChoice;
  promoCode: string | null;
  orderRefusal: string | null;
}) {
  const refusal = orderRefusal ?? choice.refusal;
  if (refusal) {
    return (
      <p className="field__error" role="alert" data-testid="reward-refusal">
        {refusal}
      </p>
    );
  }
  if (choice.using && choice.reward) {
    return (
      <p className="checkout-note" data-testid="reward-applies">
        {choice.reward.name} applies to this order: a promo code would replace it.
      </p>
    );
  }
  if (choice.reward && promoCode) {
    return (
      <p className="checkout-note" data-testid="reward-applies">
        Promo code {promoCode} applies to this order: using your free drink would replace it.
      </p>
    );
  }
  if (choice.toGo) {
    return (
      <p className="checkout-note checkout-stamps-to-go" data-testid="stamps-to-go">
        {choice.toGo}
      </p>
    );
  }
  return null;
}
