/**
 * The report's reads of one shop's range, each grouped in SQL so a year comes back as a few
 * thousand rows at most: sales by day and by hour, refunds by when they were made, and what sold
 * (drinks by size, add-on options). Every read starts from an index on the shop and an instant
 * (`npm run bench` prints their plans' rows read; tests/worker/numbers-plans.test.ts checks them).
 */
import {
  CHARGED_DRINKS_SQL,
  DISCOUNTS_CENTS_SQL,
  ITEMS_CENTS_SQL,
  REACHED_SHOP_SQL,
  REFUND_SOURCES,
  SALE_SQL,
} from "./counting";
import type { DiscountKind } from "#common/promo-codes";
import { DISCOUNTED_SQL } from "#worker/db/schema/orders";
import { beforeRangeSql, inRangeSql, shopClockSql, stretchSql, type ShopRange } from "./shop-range";

export interface ReportStatement {
  name: string;
  text: string;
  params: string[];
}

/** A row of sales by day. */
export interface SalesDayRow {
  day: string;
  paymentState: string;
  cancelled: number;
  paymentMode: string;
  fulfilment: string;
  orders: number;
  itemsCents: number;
  discountCents: number;
  tipCents: number;
  feeCents: number;
  totalCents: number;
}

/** A row of sales by hour, of one day. */
export interface SalesHourRow {
  hour: number;
  stretch: number;
  day: string;
  orders: number;
  itemsCents: number;
  discountCents: number;
}

/** A row of what sold: a drink at a size, or an add-on option; a sale's of one day (a refund's: day ''). */
export interface SoldRow {
  day: string;
  kind: "item" | "option";
  name: string;
  size: string;
  quantity: number;
  cents: number;
  /** An item's lines' shares of their orders' discounts (0 for an option). */
  discountCents: number;
}

/** A row of the discounts by what took them off, by the shop's day and hour of the sale. */
export interface DiscountKindRow {
  day: string;
  hour: number;
  stretch: number;
  kind: DiscountKind;
  cents: number;
}

/** A row of a promo code's uses and discount given on one day's sales. */
export interface PromoUsesRow {
  day: string;
  code: string;
  uses: number;
  discountCents: number;
}

/** The stamps of one day's sales. */
export interface StampCardRow {
  day: string;
  earned: number;
  spent: number;
  rewardsSpent: number;
}

/** Sales and cancellations by the shop's day, with what their money is and where it stands. */
export function salesByDayStatement(locationId: string, range: ShopRange): ReportStatement {
  return {
    name: "sales by day",
    text: `SELECT substr(${shopClockSql(range, "o.created_at")}, 1, 10) AS day,
        o.payment_state AS paymentState, o.status = 'cancelled' AS cancelled, o.payment_mode AS paymentMode,
        o.fulfilment AS fulfilment, count(*) AS orders, sum(${ITEMS_CENTS_SQL}) AS itemsCents,
        sum(${DISCOUNTS_CENTS_SQL}) AS discountCents, sum(o.tip_cents) AS tipCents,
        sum(o.delivery_fee_cents) AS feeCents, sum(o.total_cents) AS totalCents
      FROM orders o INDEXED BY orders_location_created_idx
      WHERE o.location_id = ? AND ${inRangeSql(range, "o.created_at")} AND ${REACHED_SHOP_SQL}
      GROUP BY 1, 2, 3, 4, 5`,
    params: [locationId],
  };
}

/**
 * Sales by the hour of the shop's day (and the stretch of its clock, to tell a repeated hour apart),
 * each day's apart so a closed day's can be kept (./closed-days.ts).
 */
export function salesByHourStatement(locationId: string, range: ShopRange, oneDay: boolean): ReportStatement {
  const clock = shopClockSql(range, "o.created_at");
  return {
    name: "sales by hour",
    text: `SELECT CAST(substr(${clock}, 12, 2) AS INTEGER) AS hour,
        ${oneDay ? stretchSql(range, "o.created_at") : "0"} AS stretch, substr(${clock}, 1, 10) AS day,
        count(*) AS orders, sum(${ITEMS_CENTS_SQL}) AS itemsCents, sum(${DISCOUNTS_CENTS_SQL}) AS discountCents
      FROM orders o INDEXED BY orders_location_created_idx
      WHERE o.location_id = ? AND ${inRangeSql(range, "o.created_at")} AND ${SALE_SQL}
      GROUP BY 1, 2, 3`,
    params: [locationId],
  };
}

/**
 * Money given back in the range, by the shop's day and hour it was given back, and whether the sale
 * it gives back was placed before the range (a refund of an earlier sale, shown on its own line).
 */
export function refundsStatement(locationId: string, range: ShopRange, oneDay: boolean): ReportStatement {
  const parts = REFUND_SOURCES.map(({ where, at, index, parts: money }) => {
    const column = `o.${at}`;
    const clock = shopClockSql(range, column);
    return `SELECT substr(${clock}, 1, 10) AS day, CAST(substr(${clock}, 12, 2) AS INTEGER) AS hour,
        ${oneDay ? stretchSql(range, column) : "0"} AS stretch,
        o.payment_mode AS paymentMode, o.fulfilment AS fulfilment, ${beforeRangeSql(range, "o.created_at")} AS earlier,
        count(*) AS orders, sum(${money.drinks}) AS itemsCents, sum(${money.tip}) AS tipCents,
        sum(${money.fee}) AS feeCents, sum(${money.total}) AS totalCents
      FROM orders o INDEXED BY ${index}
      WHERE o.location_id = ? AND ${inRangeSql(range, column)} AND (${where})
      GROUP BY 1, 2, 3, 4, 5, 6`;
  });
  return { name: "refunds", text: parts.join("\nUNION ALL\n"), params: REFUND_SOURCES.map(() => locationId) };
}

/**
 * The orders whose lines a "what sold" read adds up: the range's sales, or its refunds; each with
 * whether a discount took money off it (only then are its lines' shares looked up).
 */
function ordersOf(locationId: string, range: ShopRange, side: "sales" | "refunds"): { text: string; params: string[] } {
  const columns = `o.id, ${DISCOUNTS_CENTS_SQL} > 0`;
  if (side === "sales") {
    const day = `substr(${shopClockSql(range, "o.created_at")}, 1, 10)`;
    return {
      text: `SELECT ${columns}, ${day} FROM orders o INDEXED BY orders_location_created_idx
        WHERE o.location_id = ? AND ${inRangeSql(range, "o.created_at")} AND ${SALE_SQL}`,
      params: [locationId],
    };
  }
  return {
    // Only refunds of whole drinks are told by drink: an amount refunded of part of them (from
    // Stripe's dashboard) is in the refunds' total, not against any drink.
    text: REFUND_SOURCES.map(
      ({ where, at, index, parts }) =>
        `SELECT ${columns}, '' FROM orders o INDEXED BY ${index} WHERE o.location_id = ? AND ${inRangeSql(range, `o.${at}`)} AND (${where}) AND ${parts.drinks} = ${CHARGED_DRINKS_SQL}`,
    ).join(" UNION ALL "),
    params: REFUND_SOURCES.map(() => locationId),
  };
}

/** The line_index of order line `i` among its order's lines (by id), as placing numbered them. */
const LINE_INDEX_SQL = "(SELECT count(*) FROM order_items x WHERE x.order_id = i.order_id AND x.id < i.id)";

/**
 * What sold, of the range's sales or its refunds, in one read of their lines: drinks by name and
 * size (quantity, money with their add-ons, and their lines' shares of discounts), then add-on
 * options but the defaults by name (how many drinks had them, and for how much; an option's
 * discount is inside its drink's share). `kind` tells the two apart; a sale's rows are by the
 * shop's day it was placed (a closed day's are kept, ./closed-days.ts), a refund's have none.
 */
export function whatSoldStatement(locationId: string, range: ShopRange, side: "sales" | "refunds"): ReportStatement {
  const counted = ordersOf(locationId, range, side);
  return {
    name: `what sold (${side})`,
    text: `WITH counted(id, discounted, day) AS MATERIALIZED (${counted.text})
      SELECT counted.day AS day, 'item' AS kind, i.name AS name, i.size AS size, sum(i.quantity) AS quantity,
        sum(i.quantity * i.unit_price_cents) AS cents,
        sum(CASE WHEN counted.discounted THEN (SELECT coalesce(sum(s.amount_cents), 0) FROM order_discount_lines s
          WHERE s.order_id = i.order_id AND s.line_index = ${LINE_INDEX_SQL}) ELSE 0 END) AS discountCents
      FROM counted CROSS JOIN order_items i ON i.order_id = counted.id
      GROUP BY counted.day, i.name, i.size
      UNION ALL
      SELECT counted.day AS day, 'option' AS kind, p.name AS name, '' AS size, sum(i.quantity) AS quantity,
        sum(i.quantity * p.price_cents) AS cents, 0 AS discountCents
      FROM counted
      CROSS JOIN order_item_options p ON p.order_id = counted.id AND p.is_default = 0
      -- The option's line: the line_index-th line of its order (by id), as placing wrote them.
      CROSS JOIN order_items i ON i.order_id = p.order_id
        AND ${LINE_INDEX_SQL} = p.line_index
      GROUP BY counted.day, p.name`,
    params: counted.params,
  };
}

/**
 * The range's discounts by what took them off (promo codes, stamp card rewards), by the shop's day
 * and hour of the sale: the discounted sales from the sales' index, then their discount rows.
 */
export function discountsByKindStatement(locationId: string, range: ShopRange, oneDay: boolean): ReportStatement {
  const clock = shopClockSql(range, "o.created_at");
  return {
    name: "discounts by kind",
    text: `WITH discounted(id, day, hour, stretch) AS MATERIALIZED (SELECT o.id, substr(${clock}, 1, 10),
        CAST(substr(${clock}, 12, 2) AS INTEGER), ${oneDay ? stretchSql(range, "o.created_at") : "0"}
        FROM orders o INDEXED BY orders_location_created_idx
        WHERE o.location_id = ? AND ${inRangeSql(range, "o.created_at")} AND ${SALE_SQL} AND ${DISCOUNTS_CENTS_SQL} > 0)
      SELECT discounted.day AS day, discounted.hour AS hour, discounted.stretch AS stretch, d.kind AS kind,
        sum(d.amount_cents) AS cents
      FROM discounted CROSS JOIN order_discounts d ON d.order_id = discounted.id
      GROUP BY 1, 2, 3, 4`,
    params: [locationId],
  };
}

/** The ledger's kinds that say what an order earned, and what a reward on it spent. */
const EARNING_KINDS = "('earned', 'taken_back', 'refunded')";
const SPENDING_KINDS = "('spent', 'returned')";

/**
 * The stamps of the range's sales by the shop's day, as the ledger holds them now (docs/decisions/0053): what each
 * earned net of Recalls and refunds, what a reward on it spent net of stamps given back, and how
 * many still hold a reward spent. The sales from their index, then each one's ledger rows by the
 * ledger's (order, kind, generation) index.
 */
export function stampCardStatement(locationId: string, range: ShopRange): ReportStatement {
  return {
    name: "stamp card",
    text: `WITH counted(id, day) AS MATERIALIZED (SELECT o.id, substr(${shopClockSql(range, "o.created_at")}, 1, 10)
        FROM orders o INDEXED BY orders_location_created_idx
        WHERE o.location_id = ? AND ${inRangeSql(range, "o.created_at")} AND ${SALE_SQL}),
      per_order(day, earned, spent) AS (SELECT counted.day,
          coalesce(sum(CASE WHEN l.kind IN ${EARNING_KINDS} THEN l.stamps END), 0),
          -coalesce(sum(CASE WHEN l.kind IN ${SPENDING_KINDS} THEN l.stamps END), 0)
        FROM counted CROSS JOIN stamp_ledger l ON l.order_id = counted.id
        GROUP BY counted.id)
      SELECT day, sum(earned) AS earned, sum(spent) AS spent, sum(spent > 0) AS rewardsSpent
      FROM per_order GROUP BY day`,
    params: [locationId],
  };
}

/** One order's stamps, as a sale's row of orders.csv shows them (the same kinds as above). */
export const ORDER_STAMPS_EARNED_SQL = `(SELECT coalesce(sum(l.stamps), 0) FROM stamp_ledger l
  WHERE l.order_id = o.id AND l.kind IN ${EARNING_KINDS})`;
export const ORDER_STAMPS_SPENT_SQL = `(SELECT -coalesce(sum(l.stamps), 0) FROM stamp_ledger l
  WHERE l.order_id = o.id AND l.kind IN ${SPENDING_KINDS})`;

/** Every stamp on every card: the ledger's sum, what the stamp card owes (the owner's figure). */
export const STAMPS_OUTSTANDING_SQL = "SELECT coalesce(sum(stamps), 0) AS outstanding FROM stamp_ledger";

/**
 * Each promo code's uses and discount given on the range's sales, by the shop's day: the discounted sales (from their
 * own partial index, a few of the shop's orders), then their discount rows.
 */
export function promoUsesStatement(locationId: string, range: ShopRange): ReportStatement {
  return {
    name: "promo code uses",
    text: `WITH counted(id, day) AS MATERIALIZED (SELECT o.id, substr(${shopClockSql(range, "o.created_at")}, 1, 10)
        FROM orders o INDEXED BY orders_location_discounted_idx
        WHERE o.location_id = ? AND ${inRangeSql(range, "o.created_at")} AND ${SALE_SQL} AND ${DISCOUNTED_SQL})
      SELECT counted.day AS day, d.name AS code, count(*) AS uses, sum(d.amount_cents) AS discountCents
      FROM counted CROSS JOIN order_discounts d ON d.order_id = counted.id
      WHERE d.kind = 'promo'
      GROUP BY counted.day, d.name`,
    params: [locationId],
  };
}

/**
 * Every promo code with its limit, its uses taken (all shops, all time; counted only for a code with
 * a limit, the one figure they make, so a code without one never reads its uses), its dates and the
 * shops it is for (NULL: every shop): a few rows, read once whatever the range.
 */
export const PROMO_CODES_SQL = `SELECT c.code AS code, c.max_uses AS maxUses, c.starts_on AS startsOn, c.ends_on AS endsOn,
    CASE WHEN c.max_uses IS NULL THEN 0 ELSE (SELECT count(*) FROM promo_code_uses u WHERE u.code = c.code) END AS taken,
    (SELECT group_concat(s.location_id, ',') FROM promo_code_shops s WHERE s.code = c.code) AS shops
  FROM promo_codes c`;
