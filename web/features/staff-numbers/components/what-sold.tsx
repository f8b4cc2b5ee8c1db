import { useState } from "react";
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

/** Drinks by size and add-on options, by quantity and net sales: top sellers first, sortable. */
export function WhatSold({ items, options }: { items: ItemFigures[]; options: OptionFigures[] }) {
  const [sort, setSort] = useState<SortKey>("netSalesCents");
  return (
    <section className="numbers-section" aria-labelledby="numbers-sold">
      <h2 id="numbers-sold">What sold</h2>
      {items.length === 0 ? (
        <p className="numbers-empty">No drinks sold in these days.</p>
      ) : (
        <div className="numbers-scroll">
          <table className="numbers-table">
            <caption>Drinks by size (add-ons included)</caption>
            <thead>
              <tr>
                <th scope="col">Drink</th>
                <SortButton label="Sold" sortKey="quantity" sort={sort} onSort={setSort} />
                <th scope="col">Gross</th>
                <th scope="col">Refunds</th>
                <SortButton label="Net sales" sortKey="netSalesCents" sort={sort} onSort={setSort} />
              </tr>
            </thead>
            <tbody>
              {sorted(items, sort).map((item) => (
                <tr key={`${item.name}-${item.size}`}>
                  <th scope="row">
                    {item.name}
                    {item.size !== "default" && <span className="numbers-size"> · {sizeLabel(item.size)}</span>}
                  </th>
                  <td>{item.quantity}</td>
                  <td>{formatCents(item.grossSalesCents)}</td>
                  <td>{formatCents(item.refundsCents)}</td>
                  <td>{formatCents(item.netSalesCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {options.length > 0 && (
        <div className="numbers-scroll">
          <table className="numbers-table">
            <caption>Add-on options (already inside the drinks above)</caption>
            <thead>
              <tr>
                <th scope="col">Option</th>
                <SortButton label="Drinks" sortKey="quantity" sort={sort} onSort={setSort} />
                <th scope="col">Gross</th>
                <th scope="col">Refunds</th>
                <SortButton label="Net sales" sortKey="netSalesCents" sort={sort} onSort={setSort} />
              </tr>
            </thead>
            <tbody>
              {sorted(options, sort).map((option) => (
                <tr key={option.name}>
                  <th scope="row">{option.name}</th>
                  <td>{option.quantity}</td>
                  <td>{formatCents(option.grossSalesCents)}</td>
                  <td>{formatCents(option.refundsCents)}</td>
                  <td>{formatCents(option.netSalesCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
