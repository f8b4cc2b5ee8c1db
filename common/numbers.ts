/**
 * The owner's numbers (`GET /api/staff/numbers`, its CSV exports and the Numbers page): the
 * query, the answer's shape and what each figure means. The counting rules are in
 * docs/decisions/0024-the-owners-numbers.md; the figures are computed once, on the server
 * (worker/services/orders/reports/), and the page only shows them.
 */
import { z } from "zod";
import { DISCOUNT_KINDS, type DiscountKind } from "./promo-codes";

export { mayViewNumbers, NUMBERS_ROLES } from "./staff";

/**
 * The first date the numbers answer for: the shop's clock (its time zone's rules) is only known
 * for dates after the local mean times of the 19th century, and no sale is older than 2000.
 */
export const NUMBERS_EARLIEST_DATE = "2000-01-01";

/** A shop's calendar date, "YYYY-MM-DD", that exists (no February 30th), from 2000 on. */
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date, YYYY-MM-DD")
  .refine((value) => {
    const [year, month, day] = value.split("-").map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, "is not a date on the calendar")
  .refine((value) => value >= NUMBERS_EARLIEST_DATE, `must be ${NUMBERS_EARLIEST_DATE} or later`);

/** The date a year after `date` (the 29th of February's year after is the 28th). */
export function yearAfter(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year + 1, month - 1, Math.min(day, month === 2 ? 28 : day)));
  return next.toISOString().slice(0, 10);
}

/** The longest range the numbers answer: from a date to the day before the same date a year on. */
export const NUMBERS_RANGE_LIMIT = "a year";

/**
 * The query of the numbers and their exports: both dates on the shop's calendar, both included;
 * `location` left out means every shop the viewer may see.
 */
export const numbersQuerySchema = z
  .object({
    from: calendarDate,
    to: calendarDate,
    location: z.string().min(1, "must name a shop").max(100).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.to < value.from) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "must not be before from" });
    } else if (value.to >= yearAfter(value.from)) {
      ctx.addIssue({ code: "custom", path: ["to"], message: `the range can be at most ${NUMBERS_RANGE_LIMIT}` });
    }
  });
export type NumbersQuery = z.infer<typeof numbersQuerySchema>;

/** How an order was paid: card online, cash or card at the counter, or at the door on delivery. */
export const PAYMENT_METHODS_OF_SALES = ["card", "counter", "door"] as const;
export type SalePaymentMethod = (typeof PAYMENT_METHODS_OF_SALES)[number];

export const SALE_PAYMENT_METHOD_LABELS: Record<SalePaymentMethod, string> = {
  card: "Card online",
  counter: "At the counter",
  door: "At the door",
};

/** Where orders come from; the page shows the split only when there is more than one. */
export const SALES_CHANNELS = ["online"] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];

/** The parts of the Discounts figure, by what took the money off: a promo code or a stamp card reward. */
export type DiscountParts = Record<DiscountKind, number>;

/** Each kind of discount at zero, to add a range's discounts into. */
export function noDiscountParts(): DiscountParts {
  return Object.fromEntries(DISCOUNT_KINDS.map((kind) => [kind, 0])) as DiscountParts;
}

/** How the page names each part of the discounts. */
export const DISCOUNT_PART_LABELS: Record<DiscountKind, string> = {
  promo: "Promo codes",
  loyalty: "Loyalty",
};

/** The headline figures (the contract's names), all money in integer cents. */
export interface NumbersTotals {
  /** Sales: orders placed in the range that took or promised money (not a cancellation before payment). */
  orders: number;
  /** Drinks on those orders. */
  drinks: number;
  /** Drinks and add-ons at the menu's prices when ordered, before discounts and refunds; tips and fees apart. */
  grossSalesCents: number;
  /**
   * Money taken off these sales' drinks by discounts (promo codes and stamp card rewards), counted
   * on the day of the sale.
   */
  discountsCents: number;
  /** `discountsCents` by what took it off; the parts add up to it. */
  discountParts: DiscountParts;
  /**
   * The drinks' part of the money given back in the range, on the day it was given back: card
   * refunds (a partial one from Stripe's dashboard comes off the drinks first, then the tip, then
   * the delivery fee) and money handed back at the counter.
   */
  refundsCents: number;
  /** Of `refundsCents`, what gives back sales placed in the range. */
  refundsOfTheseSalesCents: number;
  /**
   * Of `refundsCents`, what gives back sales placed before the range: still counted on the day it
   * was given back, shown on its own line so a day's figures are not read as that day's sales'.
   */
  refundsOfEarlierSalesCents: number;
  /** Gross sales less discounts less refunds. */
  netSalesCents: number;
  /** Tips on the sales, less tips given back in the range. */
  tipsCents: number;
  /** Delivery fees on the sales, less fees given back in the range. */
  deliveryFeesCents: number;
  /** Money taken (card, counter, door) on the sales, less all money given back in the range. */
  totalCollectedCents: number;
  /** Gross sales per sale placed in the range, to the cent (0 without sales); never negative. */
  averageOrderCents: number;
}

/** A count of orders and their money, for what is shown apart. */
export interface OrdersAndCents {
  orders: number;
  cents: number;
}

/** What the headline figures leave out or hold that the owner should see apart. */
export interface NumbersApart {
  /** Orders cancelled before any money was taken (not sales), with what they would have been. */
  cancelled: OrdersAndCents;
  /**
   * Paid orders cancelled whose money is still owed back: a card refund not gone through yet, or
   * money paid at the counter not yet handed back (still in total collected).
   */
  refundsOwed: OrdersAndCents;
  /** Sales the counter marked not collected: in sales, outside total collected. */
  notCollected: OrdersAndCents;
  /** Pay-at-pickup or on-delivery sales not yet marked paid: in sales, not yet collected. */
  toCollect: OrdersAndCents;
}

/** One row of a split (by payment method, pickup or delivery, channel). */
export interface SplitFigures<Key extends string> {
  key: Key;
  orders: number;
  netSalesCents: number;
  totalCollectedCents: number;
}

/**
 * An hour of the shop's day. A one-day range lists each hour the day has, as its clock shows it:
 * 23 on the day clocks spring forward (2 a.m. is absent), 25 on the day they fall back (1 a.m.
 * twice, the second with `repeat: true`). A longer range lists the 24 hours of the day, each
 * summing that hour across the range's days.
 */
export interface HourFigures {
  /** 0–23 on the shop's clock. */
  hour: number;
  repeat: boolean;
  orders: number;
  grossSalesCents: number;
  discountsCents: number;
  discountParts: DiscountParts;
  refundsCents: number;
  /** Gross sales less discounts less refunds. */
  netSalesCents: number;
}

export interface DayFigures {
  date: string;
  orders: number;
  grossSalesCents: number;
  discountsCents: number;
  discountParts: DiscountParts;
  refundsCents: number;
  netSalesCents: number;
  tipsCents: number;
  totalCollectedCents: number;
}

/** A drink in one size: how many sold and for how much (its add-ons included). */
export interface ItemFigures {
  name: string;
  size: string;
  quantity: number;
  grossSalesCents: number;
  /** The drink's lines' shares of their orders' discounts. */
  discountsCents: number;
  /** Whole drinks given back, as charged (after their share of the discount). */
  refundsCents: number;
  netSalesCents: number;
}

/** An add-on option across the drinks it was bought with (already inside those drinks' figures). */
export interface OptionFigures {
  name: string;
  quantity: number;
  grossSalesCents: number;
  refundsCents: number;
  netSalesCents: number;
}

/**
 * A promo code in the numbers: its uses and the discount it gave on the range's sales at the shops
 * counted, and how many uses it has left (all shops, all time; null when it has no limit).
 */
export interface PromoCodeFigures {
  code: string;
  uses: number;
  discountCents: number;
  usesLeft: number | null;
}

/**
 * The stamp card in the numbers, counted by the range's sales at the shops counted (like their
 * discounts, on the day of the sale), as the ledger holds them now.
 */
export interface StampCardFigures {
  /** Stamps these sales earned and still hold: earned at completion, less what a Recall or a refund took back. */
  earned: number;
  /** Stamps spent on rewards on these sales, less those given back when an order was undone unmade. */
  spent: number;
  /** Sales that spent a reward and still hold it spent. */
  rewardsSpent: number;
  /**
   * Every stamp on every card, every shop and every day (the ledger's sum): what the business owes.
   * The owner's only; left out for a manager.
   */
  outstanding?: number;
}

export interface NumbersShop {
  id: string;
  name: string;
  timeZone: string;
}

/** `GET /api/staff/numbers`. */
export interface NumbersResponse {
  from: string;
  to: string;
  /** The shops counted. */
  locations: NumbersShop[];
  /** Every shop the viewer may see, for the page's picker. */
  viewable: NumbersShop[];
  totals: NumbersTotals;
  apart: NumbersApart;
  byPayment: SplitFigures<SalePaymentMethod>[];
  byFulfilment: SplitFigures<"pickup" | "delivery">[];
  byChannel: SplitFigures<SalesChannel>[];
  byHour: HourFigures[];
  byDay: DayFigures[];
  /** Top sellers first (net sales, then quantity). */
  items: ItemFigures[];
  options: OptionFigures[];
  /**
   * The codes used on the range's sales and those that could apply at the shops counted on one
   * of its days, most discount given first.
   */
  promoCodes: PromoCodeFigures[];
  stampCard: StampCardFigures;
}

/** The help line of each figure, as the page shows it (and the README repeats). */
export const FIGURE_HELP = {
  orders: "Orders placed in these days that took or promised money. A cancellation before payment is not a sale.",
  drinks: "Drinks on those orders, each counted by its quantity.",
  grossSalesCents:
    "Drinks and add-ons at the menu's prices when ordered, before discounts and refunds. Tips and delivery fees are not sales. An order counts on the day it was placed, even when it is for a later day.",
  discountsCents:
    "Money taken off these days' sales by promo codes and stamp card rewards, off the drinks only (never the tip or the delivery fee), on the day of the sale.",
  refundsCents:
    "The drinks' part of money given back in these days, by card or at the counter, on the day it was given back, as charged (after their discount). A partial card refund comes off the drinks first, then the tip, then the delivery fee.",
  refundsOfTheseSalesCents:
    "The drinks' part of money given back in these days for orders placed in these days, by card or at the counter, as charged (after their discount). A partial card refund comes off the drinks first, then the tip, then the delivery fee.",
  refundsOfEarlierSalesCents:
    "Money given back in these days for orders placed before them. It counts on the day it was given back, so it is in net sales and total collected, but it is not these days' sales.",
  netSalesCents:
    "Gross sales less discounts, less all refunds made in these days, of these days' sales and earlier ones.",
  tipsCents: "Tips on these days' sales, less tips given back in these days.",
  deliveryFeesCents: "Delivery fees on these days' sales, less fees given back in these days.",
  totalCollectedCents:
    "Money taken for these days' sales (card online, at the counter, at the door), less everything given back in these days. Orders still to collect or not collected are outside it.",
  averageOrderCents:
    "Gross sales divided by the orders placed in these days: what an order came to, before discounts and refunds.",
  promoCodes:
    "Uses and discount given on these days' sales at these shops. Uses left counts every shop and every day, so it says what is left to give.",
  stampsEarned:
    "Stamps these days' sales earned when they were completed with their money in, less what a Recall or a refund took back since.",
  stampsSpent:
    "Stamps spent on rewards on these days' sales, less those given back when an order was cancelled before anyone started it.",
  rewardsSpent: "These days' sales that spent a reward. Its free drink is in Discounts, as Loyalty.",
  stampsOutstanding:
    "Every stamp on every shopper's card, at every shop, as of now: what the stamp card still owes. Not limited to these days.",
  cancelled:
    "Cancelled before any money was taken: not in sales. Card checkouts never paid (or paid after their order was released, and refunded at once) are not counted at all.",
  refundsOwed:
    "Paid orders cancelled whose money is still owed back (a card refund not gone through yet, or money paid at the counter not yet given back): still in total collected.",
  notCollected: "Orders the counter could not collect: counted in sales, outside total collected.",
  toCollect: "Pay-at-pickup and on-delivery orders not yet marked paid: in sales, not yet collected.",
} as const;
