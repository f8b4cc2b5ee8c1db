/**
 * The CSV exports of the owner's numbers: `orders.csv` (a row per sale and a row per refund) and
 * `lines.csv` (a row per drink of each), modelled on Square's item export, under the same counting
 * rules as the figures (./counting.ts), so their columns add up to the page's totals. RFC 4180
 * (CRLF, quotes doubled) and UTF-8 by csv-stringify, whose `escape_formulas` neutralises a text
 * cell a spreadsheet would run as a formula; amounts are plain numbers, negative ones included.
 * A year streams: each shop's orders are read a page at a time, by their instant and id.
 */
import { stringify } from "csv-stringify/sync";
import { noDiscountParts, SALE_PAYMENT_METHOD_LABELS, type DiscountParts, type NumbersShop } from "#common/numbers";
import { DISCOUNT_KINDS, type DiscountKind } from "#common/promo-codes";
import { centsToDecimal } from "#common/money";
import { orderNumber } from "#common/orders";
import { shopDate } from "#common/shop-calendar";
import type { Database } from "#worker/db/client";
import {
  CHARGED_DRINKS_SQL,
  DISCOUNTS_CENTS_SQL,
  isCollected,
  ITEMS_CENTS_SQL,
  orderStanding,
  REFUND_SOURCES,
  SALE_SQL,
  salePaymentMethod,
  type RefundParts,
} from "./counting";
import { lineStamps, type LineStamps } from "./line-stamps";
import { ORDER_STAMPS_EARNED_SQL, ORDER_STAMPS_SPENT_SQL } from "./report-queries";
import { inRangeSql, shopClockAt, shopRange, type ShopRange } from "./shop-range";

/** Orders a page reads (and, for lines.csv, the lines of): few pages keep a year under D1's queries a call (./export-plan.ts). */
export const EXPORT_PAGE_SIZE = 2_000;

type Cell = string | number;
/** A money column holds integer cents; the CSV writes it as dollars with two decimals. */
type Column = { header: string; money?: true };

/** When, where and whose: the columns both files start with. */
const SALE_COLUMNS: Column[] = [
  { header: "Date" },
  { header: "Time" },
  { header: "Time Zone" },
  { header: "Shop" },
  { header: "Order" },
  { header: "Type" },
  { header: "Customer" },
];

/** The parts of the Discounts column, each its own column right after it, in DISCOUNT_KINDS' order. */
const DISCOUNT_PART_HEADERS: Record<DiscountKind, string> = {
  promo: "Promo Code Discounts",
  loyalty: "Loyalty Discounts",
};
const DISCOUNT_PART_COLUMNS: Column[] = DISCOUNT_KINDS.map((kind) => ({
  header: DISCOUNT_PART_HEADERS[kind],
  money: true,
}));

const ORDER_COLUMNS: Column[] = [
  ...SALE_COLUMNS,
  { header: "Drinks" },
  { header: "Gross Sales", money: true },
  { header: "Discounts", money: true },
  ...DISCOUNT_PART_COLUMNS,
  { header: "Discount Names" },
  { header: "Refunds", money: true },
  { header: "Net Sales", money: true },
  { header: "Tips", money: true },
  { header: "Delivery Fees", money: true },
  { header: "Total Collected", money: true },
  { header: "Payment Method" },
  { header: "Collection" },
  { header: "Pickup or Delivery" },
  { header: "Status" },
  { header: "Sale Date" },
  { header: "Stamps Earned" },
  { header: "Stamps Spent" },
];

const LINE_COLUMNS: Column[] = [
  ...SALE_COLUMNS,
  { header: "Category" },
  { header: "Item" },
  { header: "Size" },
  { header: "Add-ons" },
  { header: "Quantity" },
  { header: "Unit Price", money: true },
  { header: "Gross Sales", money: true },
  { header: "Discounts", money: true },
  ...DISCOUNT_PART_COLUMNS,
  { header: "Refunds", money: true },
  { header: "Net Sales", money: true },
  { header: "Payment Method" },
  { header: "Pickup or Delivery" },
  { header: "Status" },
  { header: "Sale Date" },
  { header: "Stamps Earned" },
  { header: "Stamps Spent" },
];

function toCsv(columns: Column[], rows: Cell[][]): string {
  return stringify(rows, {
    record_delimiter: "\r\n",
    escape_formulas: true,
    cast: {
      number: (value, context) =>
        typeof context.index === "number" && columns[context.index]?.money ? centsToDecimal(value) : String(value),
    },
  });
}

const COLLECTION_LABELS = {
  collected: "Collected",
  refund_owed: "Refund owed",
  to_collect: "To collect",
  not_collected: "Not collected",
} as const;

interface OrderPageRow {
  id: string;
  at: string;
  /** When the order was placed: a refund's row names its sale's day (earlier sales apart). */
  placedAt: string;
  status: string;
  paymentState: string;
  paymentMode: string;
  fulfilment: string;
  customerName: string;
  /** The row's money: the sale's, or the refund's part of each. */
  itemsCents: number;
  tipCents: number;
  feeCents: number;
  totalCents: number;
  /** The order's drinks as charged (after their discount), whatever part of it the row gives back. */
  orderItemsCents: number;
  /** The sale's discounts and their names ("WELCOME10"); a refund's row gives back no discount. */
  discountCents: number;
  discountNames: string | null;
  drinks: number | null;
  /** The sale's stamps as the ledger holds them now (0 on a refund's row: they are on its sale's). */
  stampsEarned: number;
  stampsSpent: number;
}

/** The discount columns of a page's row, one per kind (`discount_promo`, `discount_loyalty`). */
type DiscountPartCells = Record<`discount_${DiscountKind}`, number>;

interface LineRow {
  orderId: string;
  name: string;
  size: string;
  quantity: number;
  unitPriceCents: number;
  category: string | null;
  addOns: string | null;
  /** The line's share of its order's discounts, and of it each kind's. */
  discountCents: number;
  discountParts: DiscountParts;
  /** How many stamp-card rewards made one of its drinks free. */
  rewards: number;
}

/** A kind of row: the shop's sales by when they were placed, or a source of refunds by when made. */
export interface RowSource {
  type: "Sale" | "Refund";
  where: string;
  at: string;
  index: string;
  parts: RefundParts;
  /** The Collection column of a refund's row. */
  label: string;
}

const REFUND_LABELS: Record<string, string> = {
  partly_refunded_at: "Part refunded by card",
  refunded_at: "Refunded by card",
  given_back_at: "Given back",
};

export const EXPORT_SOURCES: RowSource[] = [
  {
    type: "Sale",
    where: SALE_SQL,
    at: "created_at",
    index: "orders_location_created_idx",
    parts: { drinks: ITEMS_CENTS_SQL, tip: "o.tip_cents", fee: "o.delivery_fee_cents", total: "o.total_cents" },
    label: "",
  },
  ...REFUND_SOURCES.map(({ where, at, index, parts }) => ({
    type: "Refund" as const,
    where: `(${where})`,
    at,
    index,
    parts,
    label: REFUND_LABELS[at]!,
  })),
];

/** An order's discount of one kind, `discount_<kind>`: its discount rows are read only when it has some. */
function discountOfKindSql(kind: DiscountKind): string {
  return `CASE WHEN ${DISCOUNTS_CENTS_SQL} > 0 THEN (SELECT coalesce(sum(d.amount_cents), 0) FROM order_discounts d
    WHERE d.order_id = o.id AND d.kind = '${kind}') ELSE 0 END AS discount_${kind},`;
}

/** The SQL of one page of a source's orders after a cursor (or from the start), by instant then id. */
export function exportPageSql(range: ShopRange, source: RowSource, withCursor: boolean): string {
  const column = `o.${source.at}`;
  const cursor = withCursor ? `AND (${column}, o.id) > (?, ?)` : "";
  return `SELECT o.id AS id, ${column} AS at, o.created_at AS placedAt, o.status AS status, o.payment_state AS paymentState,
      o.payment_mode AS paymentMode, o.fulfilment AS fulfilment, o.customer_name AS customerName,
      ${source.parts.drinks} AS itemsCents, ${source.parts.tip} AS tipCents, ${source.parts.fee} AS feeCents,
      ${source.parts.total} AS totalCents, ${CHARGED_DRINKS_SQL} AS orderItemsCents,
      ${DISCOUNTS_CENTS_SQL} AS discountCents,
      ${DISCOUNT_KINDS.map(discountOfKindSql).join(" ")}
      (SELECT group_concat(d.name, ' + ') FROM order_discounts d WHERE d.order_id = o.id) AS discountNames,
      ${source.type === "Sale" ? ORDER_STAMPS_EARNED_SQL : "0"} AS stampsEarned,
      ${source.type === "Sale" ? ORDER_STAMPS_SPENT_SQL : "0"} AS stampsSpent,
      (SELECT sum(i.quantity) FROM order_items i WHERE i.order_id = o.id) AS drinks
    FROM orders o INDEXED BY ${source.index}
    WHERE o.location_id = ? AND ${inRangeSql(range, column)} AND ${source.where} ${cursor}
    ORDER BY ${column}, o.id
    LIMIT ${EXPORT_PAGE_SIZE}`;
}

/** One page of a source's orders after the cursor. */
async function orderPage(
  db: Database,
  shop: NumbersShop,
  range: ShopRange,
  source: RowSource,
  after: { at: string; id: string } | null,
): Promise<(OrderPageRow & DiscountPartCells)[]> {
  const statement = db.$client
    .prepare(exportPageSql(range, source, after !== null))
    .bind(shop.id, ...(after ? [after.at, after.id] : []));
  return (await statement.all<OrderPageRow & DiscountPartCells>()).results;
}

/** The SQL of a page's lines and of their add-ons: the page's window of a source's orders. */
export function pageLinesSql(range: ShopRange, source: RowSource, withCursor: boolean) {
  const column = `o.${source.at}`;
  const window = `o.location_id = ? AND ${inRangeSql(range, column)} AND ${source.where}
    ${withCursor ? `AND (${column}, o.id) > (?, ?)` : ""} AND (${column}, o.id) <= (?, ?)`;
  return {
    lines: `SELECT i.order_id AS orderId, i.name AS name, i.size AS size, i.quantity AS quantity,
        i.unit_price_cents AS unitPriceCents, c.name AS category
      FROM orders o INDEXED BY ${source.index}
      CROSS JOIN order_items i ON i.order_id = o.id
      LEFT JOIN products d ON d.id = i.product_id
      LEFT JOIN categories c ON c.id = d.category_id
      WHERE ${window}
      ORDER BY i.order_id, i.id`,
    options: `SELECT p.order_id AS orderId, p.line_index AS lineIndex, p.name AS name
      FROM orders o INDEXED BY ${source.index}
      CROSS JOIN order_item_options p ON p.order_id = o.id
      WHERE ${window} AND p.is_default = 0
      ORDER BY p.order_id, p.line_index, p.position`,
    discounts: `SELECT s.order_id AS orderId, s.line_index AS lineIndex, d.kind AS kind, sum(s.amount_cents) AS amountCents,
        count(*) AS shares
      FROM orders o INDEXED BY ${source.index}
      CROSS JOIN order_discount_lines s ON s.order_id = o.id
      CROSS JOIN order_discounts d ON d.order_id = s.order_id AND d.position = s.position
      WHERE ${window} AND ${DISCOUNTS_CENTS_SQL} > 0
      GROUP BY s.order_id, s.line_index, d.kind`,
  };
}

/**
 * The lines of a page's orders (those after `after` up to and including `last`), with their
 * category, add-ons and share of the discounts (and the rewards among them), in the order bought:
 * one read each of the lines, their options and their shares, through the same index and window
 * as the page.
 */
async function linesOfPage(
  db: Database,
  shop: NumbersShop,
  range: ShopRange,
  source: RowSource,
  after: { at: string; id: string } | null,
  last: { at: string; id: string },
): Promise<Map<string, LineRow[]>> {
  const params = [shop.id, ...(after ? [after.at, after.id] : []), last.at, last.id];
  const text = pageLinesSql(range, source, after !== null);
  const [lines, options, discounts] = await db.$client.batch([
    db.$client.prepare(text.lines).bind(...params),
    db.$client.prepare(text.options).bind(...params),
    db.$client.prepare(text.discounts).bind(...params),
  ]);
  const shares = new Map<string, DiscountParts>();
  const rewards = new Map<string, number>();
  for (const share of discounts!.results as {
    orderId: string;
    lineIndex: number;
    kind: DiscountKind;
    amountCents: number;
    shares: number;
  }[]) {
    const key = `${share.orderId}:${share.lineIndex}`;
    const parts = shares.get(key) ?? noDiscountParts();
    parts[share.kind] += share.amountCents;
    shares.set(key, parts);
    if (share.kind === "loyalty") rewards.set(key, share.shares);
  }
  const addOns = new Map<string, string[]>();
  for (const option of options!.results as { orderId: string; lineIndex: number; name: string }[]) {
    const key = `${option.orderId}:${option.lineIndex}`;
    addOns.set(key, [...(addOns.get(key) ?? []), option.name]);
  }
  const byOrder = new Map<string, LineRow[]>();
  for (const line of lines!.results as Omit<LineRow, "addOns" | "discountCents" | "discountParts" | "rewards">[]) {
    const ofOrder = byOrder.get(line.orderId) ?? [];
    const key = `${line.orderId}:${ofOrder.length}`;
    const discountParts = shares.get(key) ?? noDiscountParts();
    ofOrder.push({
      ...line,
      addOns: addOns.get(key)?.join(" + ") ?? null,
      discountCents: DISCOUNT_KINDS.reduce((sum, kind) => sum + discountParts[kind], 0),
      discountParts,
      rewards: rewards.get(key) ?? 0,
    });
    byOrder.set(line.orderId, ofOrder);
  }
  return byOrder;
}

/**
 * The shop's day the row's sale was placed: a refund whose sale date is before the range's first
 * day is one of the page's "Refunds of earlier sales".
 */
function saleDate(shop: NumbersShop, range: ShopRange, source: RowSource, order: OrderPageRow): string {
  return source.type === "Sale"
    ? shopClockAt(range, order.at).date
    : shopDate(Date.parse(order.placedAt), shop.timeZone);
}

/** The columns every row starts with: when (on the shop's clock), where, which order. */
function head(shop: NumbersShop, range: ShopRange, source: RowSource, order: OrderPageRow): Cell[] {
  const { date, time } = shopClockAt(range, order.at);
  return [date, time, shop.timeZone, shop.name, orderNumber(order.id), source.type, order.customerName];
}

function orderRow(
  shop: NumbersShop,
  range: ShopRange,
  source: RowSource,
  order: OrderPageRow & DiscountPartCells,
): Cell[] {
  const method = SALE_PAYMENT_METHOD_LABELS[salePaymentMethod(order.paymentMode, order.fulfilment)];
  if (source.type === "Refund") {
    return [
      ...head(shop, range, source, order),
      0,
      0,
      0,
      ...DISCOUNT_KINDS.map(() => 0),
      "",
      order.itemsCents,
      -order.itemsCents,
      -order.tipCents,
      -order.feeCents,
      -order.totalCents,
      method,
      source.label,
      order.fulfilment,
      order.status,
      saleDate(shop, range, source, order),
      0,
      0,
    ];
  }
  const standing = orderStanding(order.paymentState, order.status);
  return [
    ...head(shop, range, source, order),
    order.drinks ?? 0,
    order.itemsCents,
    order.discountCents,
    ...DISCOUNT_KINDS.map((kind) => order[`discount_${kind}`]),
    order.discountNames ?? "",
    0,
    order.itemsCents - order.discountCents,
    order.tipCents,
    order.feeCents,
    isCollected(standing) ? order.totalCents : 0,
    method,
    standing === "cancelled" ? "Cancelled" : COLLECTION_LABELS[standing],
    order.fulfilment,
    order.status,
    saleDate(shop, range, source, order),
    order.stampsEarned,
    order.stampsSpent,
  ];
}

/**
 * The lines a row stands for: a sale's or a whole refund's drinks, or for an amount refunded of
 * part of them (from Stripe's dashboard) one line of that amount, as no drink can be named.
 */
function linesOfRow(source: RowSource, order: OrderPageRow, lines: LineRow[]): LineRow[] {
  if (source.type === "Sale" || order.itemsCents === order.orderItemsCents) return lines;
  if (order.itemsCents === 0) return [];
  return [
    {
      orderId: order.id,
      name: PART_OF_THE_DRINKS,
      size: "",
      quantity: 1,
      unitPriceCents: order.itemsCents,
      category: null,
      addOns: null,
      discountCents: 0,
      discountParts: noDiscountParts(),
      rewards: 0,
    },
  ];
}

/** The item of a refund's line when the refund was an amount, not whole drinks. */
export const PART_OF_THE_DRINKS = "Part of the drinks";

/**
 * A row's lines with their stamps: a sale's spread from its orders.csv row (./line-stamps.ts); a
 * refund's lines carry none, as its orders.csv row does.
 */
function linesWithStamps(source: RowSource, order: OrderPageRow, lines: LineRow[]): [LineRow, LineStamps][] {
  const rowLines = linesOfRow(source, order, lines);
  const stamps =
    source.type === "Sale"
      ? lineStamps(rowLines, order.stampsEarned, order.stampsSpent)
      : rowLines.map(() => ({ earned: 0, spent: 0 }));
  return rowLines.map((line, index) => [line, stamps[index]!]);
}

/**
 * A line's row: a sale's line at its menu price less its share of the discount, or a refund's
 * line given back as it was charged (its share already off).
 */
function lineRow(
  shop: NumbersShop,
  range: ShopRange,
  source: RowSource,
  order: OrderPageRow,
  [line, stamps]: [LineRow, LineStamps],
): Cell[] {
  const cents = line.quantity * line.unitPriceCents;
  const charged = cents - line.discountCents;
  const refund = source.type === "Refund";
  return [
    ...head(shop, range, source, order),
    line.category ?? "",
    line.name,
    line.size,
    line.addOns ?? "",
    line.quantity,
    line.unitPriceCents,
    refund ? 0 : cents,
    refund ? 0 : line.discountCents,
    ...DISCOUNT_KINDS.map((kind) => (refund ? 0 : line.discountParts[kind])),
    refund ? charged : 0,
    refund ? -charged : charged,
    SALE_PAYMENT_METHOD_LABELS[salePaymentMethod(order.paymentMode, order.fulfilment)],
    order.fulfilment,
    order.status,
    saleDate(shop, range, source, order),
    stamps.earned,
    stamps.spent,
  ];
}

export type ExportKind = "orders" | "lines";

/**
 * The export as a stream of CSV text: the header, then each shop's sales and refunds a page at a
 * time, so only one page is held at once.
 */
export function streamExport(
  db: Database,
  kind: ExportKind,
  shops: NumbersShop[],
  from: string,
  to: string,
): ReadableStream<Uint8Array> {
  const columns = kind === "orders" ? ORDER_COLUMNS : LINE_COLUMNS;
  const encoder = new TextEncoder();
  const pages = (async function* () {
    yield toCsv(columns, [columns.map((column) => column.header)]);
    for (const shop of shops) {
      const range = shopRange(from, to, shop.timeZone);
      for (const source of EXPORT_SOURCES) {
        let after: { at: string; id: string } | null = null;
        for (;;) {
          const page = await orderPage(db, shop, range, source, after);
          if (page.length === 0) break;
          if (kind === "orders") {
            yield toCsv(
              columns,
              page.map((order) => orderRow(shop, range, source, order)),
            );
          } else {
            const last = page[page.length - 1]!;
            const lines = await linesOfPage(db, shop, range, source, after, { at: last.at, id: last.id });
            yield toCsv(
              columns,
              page.flatMap((order) =>
                linesWithStamps(source, order, lines.get(order.id) ?? []).map((line) =>
                  lineRow(shop, range, source, order, line),
                ),
              ),
            );
          }
          const last = page[page.length - 1]!;
          after = { at: last.at, id: last.id };
          if (page.length < EXPORT_PAGE_SIZE) break;
        }
      }
    }
  })();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pages.next();
      if (next.done) controller.close();
      else if (next.value) controller.enqueue(encoder.encode(next.value));
    },
  });
}

/** The download's file name: the shop (or "all-shops") and the dates. */
export function exportFileName(kind: ExportKind, shops: NumbersShop[], from: string, to: string): string {
  const shop =
    shops.length === 1
      ? shops[0]!.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, "")
      : "all-shops";
  return `${shop}-${from}${from === to ? "" : `-to-${to}`}-${kind}.csv`;
}
