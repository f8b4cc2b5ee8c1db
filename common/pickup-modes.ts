/** When the shopper wants the order: as soon as possible, or a 15-minute slot later today. */
export const PICKUP_MODES = ["asap", "slot"] as const;
export type PickupMode = (typeof PICKUP_MODES)[number];
