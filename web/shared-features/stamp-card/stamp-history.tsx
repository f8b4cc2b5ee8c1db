import type { StampHistoryEntry } from "#common/loyalty";
import { orderNumber } from "#common/orders";
import { stampCount } from "./stamp-words";

/** A signed count as a receipt's column reads: "+3", "−9" (a true minus sign). */
function signed(stamps: number): string {
  return stamps < 0 ? `−${Math.abs(stamps)}` : `+${stamps}`;
}

/** One row of the ledger in words: "+3 stamps · order #A1B2C3D4", "−9 · A free drink", "Adjusted: Paper card". */
export function stampHistoryText(entry: StampHistoryEntry): string {
  const order = entry.orderId ? `order ${orderNumber(entry.orderId)}` : null;
  switch (entry.kind) {
    case "earned":
      return [`+${stampCount(entry.stamps)}`, order].filter(Boolean).join(" · ");
    case "spent":
      return `${signed(entry.stamps)} · ${entry.note ?? "A reward"}`;
    case "returned":
      return [`Returned: ${signed(entry.stamps)}`, order && `${order} cancelled`].filter(Boolean).join(" · ");
    case "taken_back":
      return [`Taken back: order recalled`, signed(entry.stamps), order].filter(Boolean).join(" · ");
    case "refunded":
      return [`Refunded: ${signed(entry.stamps)}`, order].filter(Boolean).join(" · ");
    case "adjusted":
      return `Adjusted: ${entry.note ?? ""} · ${signed(entry.stamps)}`;
  }
}

/** The ledger, newest first, each change in words with its day. */
export function StampHistory({ history }: { history: readonly StampHistoryEntry[] }) {
  if (history.length === 0)
    return <p className="stamp-card__empty">No stamps yet: every drink you pick up adds one.</p>;
  return (
    <details className="stamp-card__history">
      <summary>Stamp history</summary>
      <ol role="list" data-testid="stamp-history">
        {history.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <span>{stampHistoryText(entry)}</span>
            <time dateTime={entry.at}>{new Date(entry.at).toLocaleDateString(undefined, { dateStyle: "medium" })}</time>
          </li>
        ))}
      </ol>
    </details>
  );
}
