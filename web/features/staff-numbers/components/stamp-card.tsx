import type { StampCardFigures } from "#common/numbers";
import { Figure } from "./figure-cards";

/**
 * The stamp card in these days: stamps earned and spent on their sales and the rewards spent; for
 * the owner also the stamps every card holds now, what the business owes.
 */
export function StampCard({ stampCard }: { stampCard: StampCardFigures }) {
  return (
    <section className="numbers-section" aria-labelledby="numbers-stamp-card">
      <h2 id="numbers-stamp-card">Stamp card</h2>
      <dl className="numbers-figures" aria-label="Stamp card figures">
        <Figure label="Stamps earned" value={String(stampCard.earned)} help="stampsEarned" />
        <Figure label="Stamps spent" value={String(stampCard.spent)} help="stampsSpent" />
        <Figure label="Rewards spent" value={String(stampCard.rewardsSpent)} help="rewardsSpent" />
        {stampCard.outstanding !== undefined && (
          <Figure label="Stamps outstanding" value={String(stampCard.outstanding)} help="stampsOutstanding" />
        )}
      </dl>
    </section>
  );
}
