/**
 * The storefront's D1 tables, one file per domain; drizzle-kit reads them all through this file.
 * Amounts are integer cents; times are ISO-8601 text in UTC so they sort as strings and read the
 * same in SQL, JSON and e-mails.
 */
export * from "./catalog";
export * from "./modifiers";
export * from "./identity";
export * from "./locations";
export * from "./shop-state";
export * from "./orders";
export * from "./order-acknowledgements";
export * from "./payments";
export * from "./messaging";
export * from "./push";
export * from "./shop-menu";
export * from "./printing";
export * from "./promo-codes";
export * from "./loyalty";
export * from "./numbers";
