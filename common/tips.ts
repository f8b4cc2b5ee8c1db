/**
 * Tips at checkout: a percentage of the drinks' subtotal (before the delivery fee), or an amount
 * of the shopper's own of at most the subtotal. The server works the tip out; the checkout shows
 * the same figure through tipCents.
 */

/** The percentages the checkout offers, in the order shown (besides "No tip" and "Custom"). */
export const TIP_PERCENTS = [10, 15, 20] as const;
export type TipPercent = (typeof TIP_PERCENTS)[number];

/** What the shopper picked at checkout: no tip, a percentage, or an amount typed in dollars. */
export type TipChoice =
  { kind: "none" } | { kind: "percent"; percent: TipPercent } | { kind: "custom"; dollars: string };

/** What an order request may carry; absent is no tip. */
export type TipRequest = { percent: TipPercent } | { cents: number };

/** A percentage of the subtotal, rounded half up to the cent (15% of $8.30 is $1.245 → $1.25). */
export function percentOfCents(subtotalCents: number, percent: number): number {
  return Math.floor((subtotalCents * percent + 50) / 100);
}

/** The tip in cents a request asks for, on a subtotal (the custom amount as given; the server caps it). */
export function tipCents(tip: TipRequest | undefined, subtotalCents: number): number {
  if (!tip) return 0;
  return "percent" in tip ? percentOfCents(subtotalCents, tip.percent) : tip.cents;
}
