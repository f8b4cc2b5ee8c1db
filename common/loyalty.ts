/**
 * The stamp card (issue 45): the values both sides share. A stamp per drink, earned when an order
 * is completed with its money in, spent on the owner's rewards at any shop.
 */

/**
 * Why a shopper's stamps changed: each is one row of the ledger (stamp_ledger), keyed by its
 * source so that no event writes twice.
 * - `earned`: an order completed with its money in (one stamp per drink that was not free);
 * - `taken_back`: that order recalled from completed (it earns again if completed again);
 * - `spent` / `returned`: a reward used on an order, and given back when that order is undone unmade;
 * - `refunded`: stamps an order's refund removes, in proportion to the drinks' money refunded;
 * - `adjusted`: the owner's correction, with a note saying who and why.
 */
export const STAMP_LEDGER_KINDS = ["earned", "taken_back", "spent", "returned", "refunded", "adjusted"] as const;
export type StampLedgerKind = (typeof STAMP_LEDGER_KINDS)[number];

/** A reward as the shopper sees it: its cost and whether their stamps cover it now. */
export interface LoyaltyReward {
  id: string;
  name: string;
  stamps: number;
  available: boolean;
}

/** One change of the shopper's stamps, newest first. */
export interface StampHistoryEntry {
  at: string;
  kind: StampLedgerKind;
  /** Signed: earned and returned are positive, the rest negative (an adjustment either). */
  stamps: number;
  /** The order it came from (#A1B2C3D4 on screen), or null for an adjustment. */
  orderId: string | null;
  note: string | null;
}

/** GET /api/loyalty for the signed-in shopper. */
export interface LoyaltyResponse {
  /** The ledger's sum; below zero when stamps already spent were taken back. */
  stamps: number;
  rewards: LoyaltyReward[];
  history: StampHistoryEntry[];
}

/** A reward that cannot be spent on an order: a 409 with its own words. */
export const REWARD_NOT_AVAILABLE = "reward_not_available";
