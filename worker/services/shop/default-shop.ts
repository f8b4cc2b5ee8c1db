/**
 * The shop a request that names none is for: today's clients and scripts/ name none and keep
 * working. Only request-shop.ts reads it (a lint rule keeps it so).
 */
export const DEFAULT_SHOP_ID = "loc-anaheim";
