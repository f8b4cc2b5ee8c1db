/**
 * The owner's numbers for a range of dates and some shops: every figure the Numbers page shows,
 * added up here once from the grouped reads (./report-queries.ts) under the counting rules
 * (./counting.ts). The page only shows them; the CSV exports (./exports.ts) follow the same rules
 * row by row, and the tests check that their sums equal these totals.
 */
import {
  PAYMENT_METHODS_OF_SALES,
  SALES_CHANNELS,
  type DayFigures,
  noDiscountParts,
  type HourFigures,
  type ItemFigures,
  type NumbersResponse,
  type NumbersShop,
  type OptionFigures,
  type PromoCodeFigures,
  type SplitFigures,
  type StampCardFigures,
} from "#common/numbers";
import type { Database } from "#worker/db/client";
import { isCollected, orderStanding, salePaymentMethod } from "./counting";
import {
  PROMO_CODES_SQL,
  refundsStatement,
  STAMPS_OUTSTANDING_SQL,
  whatSoldStatement,
  type SoldRow,
  type ReportStatement,
} from "./report-queries";
import type { ReadCost } from "./report-batch";
import { readRanges } from "./closed-days";
import { datesBetween, startOfShopDay } from "#common/shop-calendar";
import { shopRange, type ShopRange } from "./shop-range";

export type NumbersFigures = Omit<NumbersResponse, "viewable">;

interface RefundRow {
  day: string;
  hour: number;
  stretch: number;
  paymentMode: string;
  fulfilment: string;
  /** 1 when the sale it gives back was placed before the range. */
  earlier: number;
  orders: number;
  itemsCents: number;
  tipCents: number;
  feeCents: number;
  totalCents: number;
}
interface PromoCodeRow {
  code: string;
  maxUses: number | null;
  startsOn: string | null;
  endsOn: string | null;
  taken: number;
  /** The shops it is for, comma-separated; null for every shop. */
  shops: string | null;
}

function emptyDay(date: string): DayFigures {
  return {
    date,
    orders: 0,
    grossSalesCents: 0,
    discountsCents: 0,
    discountParts: noDiscountParts(),
    refundsCents: 0,
    netSalesCents: 0,
    tipsCents: 0,
    totalCollectedCents: 0,
  };
}

function split<Key extends string>(keys: readonly Key[]): Map<Key, SplitFigures<Key>> {
  return new Map(keys.map((key) => [key, { key, orders: 0, netSalesCents: 0, totalCollectedCents: 0 }]));
}

/**
 * The hours of a one-day range as the shop's clock shows them: each hour from its midnight to the
 * next, so a 23-hour day has no 2 a.m. and a 25-hour day has 1 a.m. twice.
 */
function hoursOfDay(date: string, range: ShopRange): { hour: number; repeat: boolean; stretch: number }[] {
  const seen = new Set<number>();
  const hours: { hour: number; repeat: boolean; stretch: number }[] = [];
  const start = startOfShopDay(date, range.timeZone).getTime();
  const end = Date.parse(range.end);
  for (let at = start; at < end; at += 3_600_000) {
    const iso = new Date(at).toISOString();
    const stretch = range.stretches.findIndex((s) => s.until === null || iso < s.until);
    const offset = range.stretches[stretch]!.offsetMinutes;
    const hour = new Date(at + offset * 60_000).getUTCHours();
    hours.push({ hour, repeat: seen.has(hour), stretch });
    seen.add(hour);
  }
  return hours;
}

/**
 * The numbers of `shops` from `from` to `to`. `withOutstanding`: the caller is the owner, who also
 * sees the stamps every card holds (a figure of the whole business, not of the shops counted).
 */
export async function loadNumbers(
  db: Database,
  shops: NumbersShop[],
  from: string,
  to: string,
  {
    costs = [],
    withOutstanding = false,
    now = new Date(),
  }: { costs?: ReadCost[]; withOutstanding?: boolean; now?: Date } = {},
): Promise<NumbersFigures> {
  const oneDay = from === to;
  const days = new Map(datesBetween(from, to).map((date) => [date, emptyDay(date)]));
  const hours = new Map<string, HourFigures>();
  const hourKey = (hour: number, repeat: boolean) => `${hour}:${repeat ? 1 : 0}`;
  const byPayment = split(PAYMENT_METHODS_OF_SALES);
  const byFulfilment = split(["pickup", "delivery"] as const);
  const byChannel = split(SALES_CHANNELS);
  const items = new Map<string, ItemFigures>();
  const options = new Map<string, OptionFigures>();
  const promoUses = new Map<string, { uses: number; discountCents: number }>();
  const totals = {
    orders: 0,
    drinks: 0,
    grossSalesCents: 0,
    discountsCents: 0,
    discountParts: noDiscountParts(),
    refundsCents: 0,
    refundsOfTheseSalesCents: 0,
    refundsOfEarlierSalesCents: 0,
    netSalesCents: 0,
    tipsCents: 0,
    deliveryFeesCents: 0,
    totalCollectedCents: 0,
    averageOrderCents: 0,
  };
  const stampCard: StampCardFigures = { earned: 0, spent: 0, rewardsSpent: 0 };
  const apart = {
    cancelled: { orders: 0, cents: 0 },
    refundsOwed: { orders: 0, cents: 0 },
    notCollected: { orders: 0, cents: 0 },
    toCollect: { orders: 0, cents: 0 },
  };

  if (!oneDay) for (let hour = 0; hour < 24; hour += 1) hours.set(hourKey(hour, false), emptyHour(hour, false));

  // Every shop's reads in one batch when their closed days are kept (./closed-days.ts), with the
  // codes' limits and the stamps outstanding.
  const asks = shops.map((shop) => {
    const range = shopRange(from, to, shop.timeZone);
    return {
      shop,
      from,
      to,
      range,
      // Refunds count on the day they were made, not their sale's: never kept.
      lighter: [refundsStatement(shop.id, range, oneDay), whatSoldStatement(shop.id, range, "refunds")],
    };
  });
  const shared: ReportStatement[] = [{ name: "promo codes", text: PROMO_CODES_SQL, params: [] }];
  if (withOutstanding) shared.push({ name: "stamps outstanding", text: STAMPS_OUTSTANDING_SQL, params: [] });
  const read = await readRanges(db, asks, shared, now, costs);
  const [codes, outstanding] = read.shared as [PromoCodeRow[], { outstanding: number }[] | undefined];

  for (const [index, { range }] of asks.entries()) {
    const { reads, others } = read.ranges[index]!;
    const { salesDays, salesHours, sold, discountKinds, promoUses: uses, stamps } = reads;
    const [refunds, soldBack] = others as [RefundRow[], SoldRow[]];

    // The hours of the day on this shop's clock: the repeated hour keyed apart, by its stretch.
    const hourOfStretch = new Map<string, { hour: number; repeat: boolean }>();
    if (oneDay) {
      for (const entry of hoursOfDay(from, range)) {
        hourOfStretch.set(`${entry.hour}:${entry.stretch}`, entry);
        const key = hourKey(entry.hour, entry.repeat);
        if (!hours.has(key)) hours.set(key, emptyHour(entry.hour, entry.repeat));
      }
    }
    const hourFigures = (hour: number, stretch: number): HourFigures => {
      const entry = oneDay
        ? (hourOfStretch.get(`${hour}:${stretch}`) ?? { hour, repeat: false })
        : { hour, repeat: false };
      const key = hourKey(entry.hour, entry.repeat);
      if (!hours.has(key)) hours.set(key, emptyHour(entry.hour, entry.repeat));
      return hours.get(key)!;
    };

    for (const row of salesDays) {
      const standing = orderStanding(row.paymentState, row.cancelled ? "cancelled" : "open");
      if (standing === "cancelled") {
        apart.cancelled.orders += row.orders;
        apart.cancelled.cents += row.totalCents;
        continue;
      }
      const collected = isCollected(standing) ? row.totalCents : 0;
      if (standing === "refund_owed") add(apart.refundsOwed, row.orders, row.totalCents);
      if (standing === "not_collected") add(apart.notCollected, row.orders, row.totalCents);
      if (standing === "to_collect") add(apart.toCollect, row.orders, row.totalCents);
      totals.orders += row.orders;
      totals.grossSalesCents += row.itemsCents;
      totals.discountsCents += row.discountCents;
      totals.tipsCents += row.tipCents;
      totals.deliveryFeesCents += row.feeCents;
      totals.totalCollectedCents += collected;
      const day = days.get(row.day);
      if (day) {
        day.orders += row.orders;
        day.grossSalesCents += row.itemsCents;
        day.discountsCents += row.discountCents;
        day.tipsCents += row.tipCents;
        day.totalCollectedCents += collected;
      }
      for (const figures of [
        byPayment.get(salePaymentMethod(row.paymentMode, row.fulfilment)),
        byFulfilment.get(row.fulfilment === "delivery" ? "delivery" : "pickup"),
        byChannel.get("online"),
      ]) {
        if (!figures) continue;
        figures.orders += row.orders;
        figures.netSalesCents += row.itemsCents - row.discountCents;
        figures.totalCollectedCents += collected;
      }
    }

    for (const row of salesHours) {
      const figures = hourFigures(row.hour, row.stretch);
      figures.orders += row.orders;
      figures.grossSalesCents += row.itemsCents;
      figures.discountsCents += row.discountCents;
    }

    for (const row of refunds) {
      totals.refundsCents += row.itemsCents;
      if (row.earlier) totals.refundsOfEarlierSalesCents += row.itemsCents;
      else totals.refundsOfTheseSalesCents += row.itemsCents;
      totals.tipsCents -= row.tipCents;
      totals.deliveryFeesCents -= row.feeCents;
      totals.totalCollectedCents -= row.totalCents;
      const day = days.get(row.day);
      if (day) {
        day.refundsCents += row.itemsCents;
        day.tipsCents -= row.tipCents;
        day.totalCollectedCents -= row.totalCents;
      }
      hourFigures(row.hour, row.stretch).refundsCents += row.itemsCents;
      for (const figures of [
        byPayment.get(salePaymentMethod(row.paymentMode, row.fulfilment)),
        byFulfilment.get(row.fulfilment === "delivery" ? "delivery" : "pickup"),
        byChannel.get("online"),
      ]) {
        if (!figures) continue;
        figures.netSalesCents -= row.itemsCents;
        figures.totalCollectedCents -= row.totalCents;
      }
    }

    for (const row of sold) {
      if (row.kind === "item") {
        const figures = itemFigures(items, row);
        figures.quantity += row.quantity;
        figures.grossSalesCents += row.cents;
        figures.discountsCents += row.discountCents;
        // Drinks sold: the quantities of the sales' lines.
        totals.drinks += row.quantity;
      } else {
        const figures = optionFigures(options, row.name);
        figures.quantity += row.quantity;
        figures.grossSalesCents += row.cents;
      }
    }
    for (const row of soldBack) {
      const figures = row.kind === "item" ? itemFigures(items, row) : optionFigures(options, row.name);
      // A drink is given back as it was charged: less its share of the discount.
      figures.refundsCents += row.cents - row.discountCents;
    }
    for (const row of discountKinds) {
      totals.discountParts[row.kind] += row.cents;
      const day = days.get(row.day);
      if (day) day.discountParts[row.kind] += row.cents;
      hourFigures(row.hour, row.stretch).discountParts[row.kind] += row.cents;
    }
    for (const row of stamps) {
      stampCard.earned += row.earned;
      stampCard.spent += row.spent;
      stampCard.rewardsSpent += row.rewardsSpent;
    }
    for (const row of uses) {
      const figures = promoUses.get(row.code) ?? { uses: 0, discountCents: 0 };
      figures.uses += row.uses;
      figures.discountCents += row.discountCents;
      promoUses.set(row.code, figures);
    }
  }

  totals.netSalesCents = totals.grossSalesCents - totals.discountsCents - totals.refundsCents;
  // What an order placed in these days came to: refunds (of these or earlier sales) are apart.
  totals.averageOrderCents = totals.orders === 0 ? 0 : Math.round(totals.grossSalesCents / totals.orders);
  for (const period of [...days.values(), ...hours.values()])
    period.netSalesCents = period.grossSalesCents - period.discountsCents - period.refundsCents;
  for (const item of items.values())
    item.netSalesCents = item.grossSalesCents - item.discountsCents - item.refundsCents;
  for (const option of options.values()) option.netSalesCents = option.grossSalesCents - option.refundsCents;

  const topFirst = <T extends { netSalesCents: number; quantity: number; name: string }>(a: T, b: T) =>
    b.netSalesCents - a.netSalesCents || b.quantity - a.quantity || a.name.localeCompare(b.name);

  return {
    from,
    to,
    locations: shops,
    totals,
    apart,
    byPayment: [...byPayment.values()],
    byFulfilment: [...byFulfilment.values()],
    byChannel: [...byChannel.values()],
    byHour: [...hours.values()].sort((a, b) => hourOrder(a) - hourOrder(b)),
    byDay: [...days.values()],
    items: [...items.values()].sort(topFirst),
    options: [...options.values()].sort(topFirst),
    promoCodes: promoCodeFigures(codes, promoUses, shops, from, to),
    stampCard: withOutstanding ? { ...stampCard, outstanding: outstanding?.[0]?.outstanding ?? 0 } : stampCard,
  };
}

/**
 * The codes table: every code used on the range's sales, and every other code that could apply at
 * one of the shops counted on one of the range's days (so a live code with no use yet is seen),
 * most discount given first.
 */
function promoCodeFigures(
  codes: PromoCodeRow[],
  promoUses: Map<string, { uses: number; discountCents: number }>,
  shops: NumbersShop[],
  from: string,
  to: string,
): PromoCodeFigures[] {
  const counted = new Set(shops.map((shop) => shop.id));
  const limits = new Map(codes.map((code) => [code.code, code]));
  const live = codes.filter(
    (code) =>
      (code.startsOn === null || code.startsOn <= to) &&
      (code.endsOn === null || code.endsOn >= from) &&
      (code.shops === null || code.shops.split(",").some((id) => counted.has(id))),
  );
  const names = new Set([...promoUses.keys(), ...live.map((code) => code.code)]);
  return [...names]
    .map((code) => {
      const used = promoUses.get(code) ?? { uses: 0, discountCents: 0 };
      const limit = limits.get(code);
      const usesLeft = limit === undefined || limit.maxUses === null ? null : Math.max(0, limit.maxUses - limit.taken);
      return { code, uses: used.uses, discountCents: used.discountCents, usesLeft };
    })
    .sort((a, b) => b.discountCents - a.discountCents || b.uses - a.uses || a.code.localeCompare(b.code));
}

function emptyHour(hour: number, repeat: boolean): HourFigures {
  return {
    hour,
    repeat,
    orders: 0,
    grossSalesCents: 0,
    discountsCents: 0,
    discountParts: noDiscountParts(),
    refundsCents: 0,
    netSalesCents: 0,
  };
}

/** The repeated hour right after its first occurrence. */
function hourOrder(figures: HourFigures): number {
  return figures.hour * 2 + (figures.repeat ? 1 : 0);
}

function add(into: { orders: number; cents: number }, orders: number, cents: number) {
  into.orders += orders;
  into.cents += cents;
}

function itemFigures(items: Map<string, ItemFigures>, row: { name: string; size: string }): ItemFigures {
  const key = `${row.name}\u0000${row.size}`;
  let figures = items.get(key);
  if (!figures) {
    figures = {
      name: row.name,
      size: row.size,
      quantity: 0,
      grossSalesCents: 0,
      discountsCents: 0,
      refundsCents: 0,
      netSalesCents: 0,
    };
    items.set(key, figures);
  }
  return figures;
}

function optionFigures(options: Map<string, OptionFigures>, name: string): OptionFigures {
  let figures = options.get(name);
  if (!figures) {
    figures = { name, quantity: 0, grossSalesCents: 0, refundsCents: 0, netSalesCents: 0 };
    options.set(name, figures);
  }
  return figures;
}
