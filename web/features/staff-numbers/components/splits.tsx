import { SALE_PAYMENT_METHOD_LABELS, type NumbersResponse, type SplitFigures } from "#common/numbers";
import { formatCents } from "#common/money";

const FULFILMENT_LABELS = { pickup: "Pickup", delivery: "Delivery" } as const;
const CHANNEL_LABELS = { online: "Online" } as const;

function SplitTable<Key extends string>({
  caption,
  heading,
  rows,
  labels,
}: {
  caption: string;
  heading: string;
  rows: SplitFigures<Key>[];
  labels: Record<Key, string>;
}) {
  return (
    <table className="numbers-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col">Orders</th>
          <th scope="col">Net sales</th>
          <th scope="col">Collected</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{labels[row.key]}</th>
            <td>{row.orders}</td>
            <td>{formatCents(row.netSalesCents)}</td>
            <td>{formatCents(row.totalCollectedCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** How it was paid, pickup or delivery, and the channel when there is more than one. */
export function Splits({ figures }: { figures: NumbersResponse }) {
  return (
    <section className="numbers-section" aria-labelledby="numbers-splits">
      <h2 id="numbers-splits">How it was paid and fulfilled</h2>
      <div className="numbers-splits">
        <SplitTable caption="By payment" heading="Paid" rows={figures.byPayment} labels={SALE_PAYMENT_METHOD_LABELS} />
        <SplitTable
          caption="By pickup or delivery"
          heading="How"
          rows={figures.byFulfilment}
          labels={FULFILMENT_LABELS}
        />
        {figures.byChannel.length > 1 && (
          <SplitTable caption="By channel" heading="Channel" rows={figures.byChannel} labels={CHANNEL_LABELS} />
        )}
      </div>
    </section>
  );
}
