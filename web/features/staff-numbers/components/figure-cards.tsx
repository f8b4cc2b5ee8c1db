import { Fragment } from "react";
import { FIGURE_HELP, type NumbersApart, type NumbersTotals } from "#common/numbers";
import { formatCents } from "#common/money";
import { discountPartsText } from "#web/features/staff-numbers/discount-parts";

export type Help = keyof typeof FIGURE_HELP;

/**
 * A figure with its line of help, and what it is made of when it has parts ("Promo codes $6.00 ·
 * Loyalty $6.49"), each part kept on one line.
 */
export function Figure({ label, value, help, parts }: { label: string; value: string; help: Help; parts?: string[] }) {
  return (
    <div className="numbers-figure">
      <dt className="numbers-figure__label">{label}</dt>
      <dd className="numbers-figure__value">{value}</dd>
      {parts && (
        <dd className="numbers-figure__parts">
          {parts.map((part, index) => (
            <Fragment key={part}>
              {index > 0 && " · "}
              <span className="numbers-figure__part">{part}</span>
            </Fragment>
          ))}
        </dd>
      )}
      <dd className="numbers-figure__help">{FIGURE_HELP[help]}</dd>
    </div>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The headline figures, each with its line of help; then what is shown apart. */
export function FigureCards({ totals, apart }: { totals: NumbersTotals; apart: NumbersApart }) {
  return (
    <>
      <dl className="numbers-figures" aria-label="Figures">
        <Figure label="Net sales" value={formatCents(totals.netSalesCents)} help="netSalesCents" />
        <Figure label="Total collected" value={formatCents(totals.totalCollectedCents)} help="totalCollectedCents" />
        <Figure label="Orders" value={String(totals.orders)} help="orders" />
        <Figure label="Drinks" value={String(totals.drinks)} help="drinks" />
        <Figure label="Gross sales" value={formatCents(totals.grossSalesCents)} help="grossSalesCents" />
        <Figure
          label="Discounts"
          value={formatCents(totals.discountsCents)}
          parts={discountPartsText(totals.discountParts)}
          help="discountsCents"
        />
        <Figure label="Refunds" value={formatCents(totals.refundsOfTheseSalesCents)} help="refundsOfTheseSalesCents" />
        <Figure
          label="Refunds of earlier sales"
          value={formatCents(totals.refundsOfEarlierSalesCents)}
          help="refundsOfEarlierSalesCents"
        />
        <Figure label="Tips" value={formatCents(totals.tipsCents)} help="tipsCents" />
        <Figure label="Delivery fees" value={formatCents(totals.deliveryFeesCents)} help="deliveryFeesCents" />
        <Figure label="Average order" value={formatCents(totals.averageOrderCents)} help="averageOrderCents" />
      </dl>
      <dl className="numbers-apart" aria-label="Shown apart">
        <Figure
          label="To collect"
          value={`${formatCents(apart.toCollect.cents)} · ${count(apart.toCollect.orders, "order", "orders")}`}
          help="toCollect"
        />
        <Figure
          label="Not collected"
          value={`${formatCents(apart.notCollected.cents)} · ${count(apart.notCollected.orders, "order", "orders")}`}
          help="notCollected"
        />
        <Figure
          label="Refunds owed"
          value={`${formatCents(apart.refundsOwed.cents)} · ${count(apart.refundsOwed.orders, "order", "orders")}`}
          help="refundsOwed"
        />
        <Figure
          label="Cancelled"
          value={`${formatCents(apart.cancelled.cents)} · ${count(apart.cancelled.orders, "order", "orders")}`}
          help="cancelled"
        />
      </dl>
    </>
  );
}
