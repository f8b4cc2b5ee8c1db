/** The stamp card in words, the same on the card and at checkout. */
import type { LoyaltyReward } from "#common/loyalty";

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** "2 stamps", "1 stamp". */
export function stampCount(stamps: number): string {
  return `${stamps} ${plural(Math.abs(stamps), "stamp", "stamps")}`;
}

/** What a reward is, as the end of "… to a free one": a free drink reads "a free one". */
function rewardGoal(name: string): string {
  if (/^a free /i.test(name)) return "a free one";
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** The cheapest reward the card does not cover yet, or null when it covers every one (or there are none). */
export function nextReward(rewards: readonly LoyaltyReward[]): LoyaltyReward | null {
  return [...rewards].filter((reward) => !reward.available).sort((a, b) => a.stamps - b.stamps)[0] ?? null;
}

/** The first reward the card covers now (the cheapest), or null. */
export function readyReward(rewards: readonly LoyaltyReward[]): LoyaltyReward | null {
  return [...rewards].filter((reward) => reward.available).sort((a, b) => a.stamps - b.stamps)[0] ?? null;
}

/** "2 more drinks to a free one": the stamps still wanted for `reward` (below zero counts from there). */
export function stampsToGoText(stamps: number, reward: Pick<LoyaltyReward, "name" | "stamps">): string {
  const toGo = Math.max(reward.stamps - stamps, 1);
  return `${toGo} more ${plural(toGo, "drink", "drinks")} to ${rewardGoal(reward.name)}`;
}
