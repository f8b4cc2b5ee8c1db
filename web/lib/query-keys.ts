/**
 * Query keys that more than one feature uses: the checkout refreshes the order history it did
 * not load. Keys a single feature uses stay beside its fetcher.
 */
export const ordersQueryKey = ["orders"] as const;

/** The stamp card: shown on My orders and asked at checkout, which refreshes it after an order. */
export const loyaltyQueryKey = ["loyalty"] as const;
