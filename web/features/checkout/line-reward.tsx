import { formatCentsOff } from "#common/money";
import type { CartItem } from "#web/lib/cart-store";
import type { RewardChoice } from "./use-reward-choice";

/**
 * The free drink under a cart line once the shopper uses it: what it takes off, and a way to move
 * it to any other drink. Before that it is offered in the note under the lines (RewardNote), in a
 * room kept from the first paint: the card answers after the page, and a button appearing in a
 * line would push its quantity buttons from under a finger.
 */
export function LineReward({ item, choice, disabled }: { item: CartItem; choice: RewardChoice; disabled: boolean }) {
  const { reward } = choice;
  if (!reward || !choice.using) return null;
  const name = item.name;
  if (item.id === choice.lineId) {
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
  if (item.priceCents <= 0 || item.unavailable) return null;
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

/** "Use your free drink", named for the drink it would cover. */
function UseRewardButton({
  choice,
  lineName,
  disabled,
}: {
  choice: RewardChoice;
  lineName: string;
  disabled: boolean;
}) {
  return (
    <button
      type="button"
      className="btn btn--small btn--primary"
      disabled={disabled}
      aria-label={`Use your free drink on ${lineName}`}
      onClick={choice.use}
    >
      Use your free drink
    </button>
  );
}

/**
 * Under the lines: the free drink offered, which of the reward and the promo code applies (they
 * do not combine), why the reward cannot be spent, or how many drinks to the next one.
 */
export function RewardNote({
  choice,
  lineName,
  promoCode,
  orderRefusal,
  disabled,
}: {
  choice: RewardChoice;
  /** The drink the reward is offered on, or null when no line can take it. */
  lineName: string | null;
  promoCode: string | null;
  orderRefusal: string | null;
  disabled: boolean;
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
      <p className="checkout-note checkout-reward-offer" data-testid="reward-applies">
        <span>Promo code {promoCode} applies to this order: using your free drink would replace it.</span>
        {lineName && <UseRewardButton choice={choice} lineName={lineName} disabled={disabled} />}
      </p>
    );
  }
  if (choice.reward && lineName) {
    return (
      // The button alone: it fits the room kept for a one-line note.
      <p className="checkout-reward-offer" data-testid="reward-offer">
        <UseRewardButton choice={choice} lineName={lineName} disabled={disabled} />
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
