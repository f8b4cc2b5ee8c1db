/**
 * The report's reads of one shop's range, each grouped in SQL so a year comes back as a few
 * thousand rows at most: sales by day and by hour, refunds by when they were made, and what sold
 * (drinks by size, add-on options). Every read starts from an index on the shop and an instant
 * (`npm run bench` prints their plans' rows read; tests/worker/numbers-plans.test.ts checks them).
 */
import { ITEMS_CENTS_SQL, REACHED_SHOP_SQL, REFUND_SOURCES, SALE_SQL } from "./counting";
import { inRangeSql, shopClockSql, stretchSql, type ShopRange } from "./shop-clock";

export interface ReportStatement {
  name: string;
  text: string;
  params: string[];
}

/** Sales and cancellations by the shop's day, with what their money is and where it stands. */
export function salesByDayStatement(locationId: string, range: ShopRange): ReportStatement {
  return {
    name: "sales by day",
    text: `SELECT substr(${shopClockSql(range, "o.created_at")}, 1, 10) AS day,
        o.payment_state AS paymentState, o.status = 'cancelled' AS cancelled, o.payment_mode AS paymentMode,
        o.fulfilment AS fulfilment, count(*) AS orders, sum(${ITEMS_CENTS_SQL}) AS itemsCents, sum(o.tip_cents) AS tipCents,
        sum(o.delivery_fee_cents) AS feeCents, sum(o.total_cents) AS totalCents
      FROM orders o INDEXED BY orders_location_created_idx
      WHERE o.location_id = ? AND ${inRangeSql(range, "o.created_at")} AND ${REACHED_SHOP_SQL}
      GROUP BY 1, 2, 3, 4, 5`,
    params: [locationId],
  };
}

/** Sales by the hour of the shop's day (and the stretch of its clock, to tell a repeated hour apart). */
export function salesByHourStatement(locationId: string, range: ShopRange, oneDay: boolean): ReportStatement {
  const clock = shopClockSql(range, "o.created_at");
  return {
    name: "sales by hour",
    text: `SELECT CAST(substr(${clock}, 12, 2) AS INTEGER) AS hour,
        ${oneDay ? stretchSql(range, "o.created_at") : "0"} AS stretch,
        count(*) AS orders, sum(${ITEMS_CENTS_SQL}) AS itemsCents
      FROM orders o INDEXED BY orders_location_created_idx
      WHERE o.location_id = ? AND ${inRangeSql(range, "o.created_at")} AND ${SALE_SQL}
      GROUP BY 1, 2`,
    params: [locationId],
  };
}

/** Money given back in the range, by the shop's day and hour it was given back. */
export function refundsStatement(locationId: string, range: ShopRange, oneDay: boolean): ReportStatement {
  const parts = REFUND_SOURCES.map(({ where, at, index }) => {
    const column = `o.${at}`;
    const clock = shopClockSql(range, column);
    return `SELECT substr(${clock}, 1, 10) AS day, CAST(substr(${clock}, 12, 2) AS INTEGER) AS hour,
        ${oneDay ? stretchSql(range, column) : "0"} AS stretch,
        o.payment_mode AS paymentMode, o.fulfilment AS fulfilment, count(*) AS orders,
        sum(${ITEMS_CENTS_SQL}) AS itemsCents, sum(o.tip_cents) AS tipCents,
        sum(o.delivery_fee_cents) AS feeCents, sum(o.total_cents) AS totalCents
      FROM orders o INDEXED BY ${index}
      WHERE o.location_id = ? AND ${inRangeSql(range, column)} AND (${where})
      GROUP BY 1, 2, 3, 4, 5`;
  });
  return { name: "refunds", text: parts.join("\nUNION ALL\n"), params: REFUND_SOURCES.map(() => locationId) };
}

/** The orders whose lines a "what sold" read adds up: the range's sales, or its refunds. */
function ordersOf(locationId: string, range: ShopRange, side: "sales" | "refunds"): { text: string; params: string[] } {
  if (side === "sales") {
    return {
      text: `SELECT o.id FROM orders o INDEXED BY orders_location_created_idx
        WHERE o.location_id = ? AND ${inRangeSql(range, "o.created_at")} AND ${SALE_SQL}`,
      params: [locationId],
    };
  }
  return {
    text: REFUND_SOURCES.map(
      ({ where, at, index }) =>
        `SELECT o.id FROM orders o INDEXED BY ${index} WHERE o.location_id = ? AND ${inRangeSql(range, `o.${at}`)} AND (${where})`,
    ).join(" UNION ALL "),
    params: REFUND_SOURCES.map(() => locationId),
  };
}

/**
 * What sold, of the range's sales or its refunds, in one read of their lines: drinks by name and
 * size (quantity, and money with their add-ons), then add-on options but the defaults by name
 * (how many drinks had them, and for how much). `kind` tells the two apart.
 */
export function whatSoldStatement(locationId: string, range: ShopRange, side: "sales" | "refunds"): ReportStatement {
  const counted = ordersOf(locationId, range, side);
  return {
    name: `what sold (${side})`,
    text: `WITH counted(id) AS MATERIALIZED (${counted.text}),
      lines AS MATERIALIZED (
        SELECT i.order_id, i.name, i.size, i.quantity, i.unit_price_cents,
          row_number() OVER (PARTITION BY i.order_id ORDER BY i.id) - 1 AS line_index
        FROM counted JOIN order_items i ON i.order_id = counted.id
      )
      SELECT 'item' AS kind, name, size, sum(quantity) AS quantity, sum(quantity * unit_price_cents) AS cents
      FROM lines GROUP BY name, size
      UNION ALL
      SELECT 'option' AS kind, p.name AS name, '' AS size, sum(lines.quantity) AS quantity,
        sum(lines.quantity * p.price_cents) AS cents
      -- CROSS JOIN keeps the lines outermost: each line looks its options up by key.
      FROM lines CROSS JOIN order_item_options p
      WHERE p.order_id = lines.order_id AND p.line_index = lines.line_index AND p.is_default = 0
      GROUP BY p.name`,
    params: counted.params,
  };
}
