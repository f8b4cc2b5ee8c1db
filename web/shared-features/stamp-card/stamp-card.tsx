import type { CSSProperties } from "react";
import type { LoyaltyReward } from "#common/loyalty";
import { errorMessage } from "#web/lib/query-client";
import { useSessionStore } from "#web/lib/session-store";
import { useLoyalty } from "./api/get-loyalty";
import { nextReward, stampCount, stampsToGoText } from "./stamp-words";
import { StampHistory } from "./stamp-history";
import "./stamp-card.css";

/** A reward's boxes, filled one per stamp held: nine for a free drink. */
function StampBoxes({ reward, stamps }: { reward: LoyaltyReward; stamps: number }) {
  const filled = Math.min(Math.max(stamps, 0), reward.stamps);
  return (
    <div className="stamp-card__reward">
      <p className="stamp-card__reward-name">
        {reward.name} · {stampCount(reward.stamps)}
        {reward.available && <strong className="stamp-card__ready"> · Ready to use at checkout</strong>}
      </p>
      <div
        role="img"
        className="stamp-card__boxes"
        // One row for a card of up to ten stamps, at a phone's width too.
        style={{ "--stamps-per-row": Math.min(reward.stamps, 10) } as CSSProperties}
        aria-label={`${filled} of ${reward.stamps} stamps toward ${reward.name}`}
        data-testid="stamp-boxes"
      >
        {Array.from({ length: reward.stamps }, (_, index) => (
          <span
            key={index}
            className={index < filled ? "stamp-card__box stamp-card__box--filled" : "stamp-card__box"}
          />
        ))}
      </div>
    </div>
  );
}

/**
 * The shopper's stamp card: their stamps toward each reward, the rewards ready to use, how many
 * drinks to the next one and the ledger's history. Loaded on its own, only on pages that show it.
 */
export default function StampCard() {
  const signedIn = useSessionStore((state) => state.user.isAuthenticated);
  const loyalty = useLoyalty(signedIn);
  if (!signedIn) return null;
  if (loyalty.isPending)
    return <section className="card stamp-card skeleton" aria-busy="true" aria-label="Loading your stamp card" />;
  if (loyalty.isError) {
    return (
      <section className="card stamp-card" role="alert">
        <p>Your stamp card could not be loaded: {errorMessage(loyalty.error)}</p>
      </section>
    );
  }
  const { stamps, rewards, history } = loyalty.data;
  const next = nextReward(rewards);
  return (
    <section className="card stamp-card" aria-labelledby="stamp-card-title" data-testid="stamp-card">
      <h2 id="stamp-card-title" className="stamp-card__title">
        Your stamp card
      </h2>
      <p className="stamp-card__balance" data-testid="stamp-balance">
        {stamps < 0
          ? `Your card is ${stampCount(-stamps)} below zero: stamps you had already spent were taken back with a recalled or refunded order. Your next drinks fill it again.`
          : `You have ${stampCount(stamps)}: one for every drink you pick up.`}
      </p>
      {rewards.map((reward) => (
        <StampBoxes key={reward.id} reward={reward} stamps={stamps} />
      ))}
      {next && (
        <p className="stamp-card__to-go" data-testid="stamps-to-go">
          {stampsToGoText(stamps, next)}
        </p>
      )}
      <StampHistory history={history} />
    </section>
  );
}
