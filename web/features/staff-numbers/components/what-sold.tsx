import { useState, type ReactNode } from "react";
import type { ItemFigures, OptionFigures } from "#common/numbers";
import { sizeLabel } from "#common/catalog";
import { formatCents } from "#common/money";

type SortKey = "netSalesCents" | "quantity";

function SortButton({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  sortKey: SortKey;
  sort: SortKey;
  onSort(key: SortKey): void;
}) {
  return (
    <th scope="col" aria-sort={sort === sortKey ? "descending" : "none"}>
      <button type="button" className="numbers-sort" onClick={() => onSort(sortKey)}>
        {label}
        <span aria-hidden="true">{sort === sortKey ? " ▼" : ""}</span>
      </button>
    </th>
  );
}

function sorted<T extends { netSalesCents: number; quantity: number; name: string }>(rows: T[], key: SortKey): T[] {
  return [...rows].sort((a, b) => b[key] - a[key] || a.name.localeCompare(b.name));
}

type SoldRow = { key: string; label: ReactNode; name: string; discountsCents?: number } & Pick<
  OptionFigures,
  "quantity" | "grossSalesCents" | "refundsCents" | "netSalesCents"
>;

/** One table of what sold: a row a drink size or an option, sorted as the viewer chose. */
function SoldTable(props: {
  caption: string;
  rowHeader: string;
  countLabel: string;
  rows: SoldRow[];
  /** Drinks carry their share of the discounts; options are inside them. */
  withDiscounts: boolean;
  sort: SortKey;
  onSort(key: SortKey): void;
}) {
  return (
    <div className="numbers-scroll">
      <table className="numbers-table">
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{props.rowHeader}</th>
            <SortButton label={props.countLabel} sortKey="quantity" sort={props.sort} onSort={props.onSort} />
            <th scope="col">Gross</th>
            {props.withDiscounts && <th scope="col">Discounts</th>}
            <th scope="col">Refunds</th>
            <SortButton label="Net sales" sortKey="netSalesCents" sort={props.sort} onSort={props.onSort} />
          </tr>
        </thead>
        <tbody>
          {sorted(props.rows, props.sort).map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{row.quantity}</td>
              <td>{formatCents(row.grossSalesCents)}</td>
              {props.withDiscounts && <td>{formatCents(row.discountsCents ?? 0)}</td>}
              <td>{formatCents(row.refundsCents)}</td>
              <td>{formatCents(row.netSalesCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Drinks by size and add-on options, by quantity and net sales: top sellers first, sortable. */
export function WhatSold({ items, options }: { items: ItemFigures[]; options: OptionFigures[] }) {
  const [sort, setSort] = useState<SortKey>("netSalesCents");
  return (
    <section className="numbers-section" aria-labelledby="numbers-sold">
      <h2 id="numbers-sold">What sold</h2>
      {items.length === 0 ? (
        <p className="numbers-empty">No drinks sold in these days.</p>
      ) : (
        <SoldTable
          caption="Drinks by size (add-ons included)"
          rowHeader="Drink"
          countLabel="Sold"
          withDiscounts
          sort={sort}
          onSort={setSort}
          rows={items.map((item) => ({
            ...item,
            key: `${item.name}-${item.size}`,
            label: (
              <>
                {item.name}
                {item.size !== "default" && <span className="numbers-size"> · {sizeLabel(item.size)}</span>}
              </>
            ),
          }))}
        />
      )}
      {options.length > 0 && (
        <SoldTable
          caption="Add-on options (already inside the drinks above)"
          rowHeader="Option"
          countLabel="Drinks"
          withDiscounts={false}
          sort={sort}
          onSort={setSort}
          rows={options.map((option) => ({ ...option, key: option.name, label: option.name }))}
        />
      )}
    </section>
  );
}
