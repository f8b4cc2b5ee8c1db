import type { FranchiseSettings } from "#common/catalog";

const YEARS = [1, 2, 3] as const;
const percentFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** 4 → "4%", 2.5 → "2.5%"; anything that is not a number shows as a dash, never "undefined%". */
export function formatPercent(value: unknown): string {
  return typeof value === "number" && Number.isFinite(value) ? `${percentFormat.format(value)}%` : "—";
}

export interface FranchiseFeesProps {
  settings: FranchiseSettings | null | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry(): void;
}

/** The three-year offer: each year's royalty and ad fee, from the franchise settings. */
export function FranchiseFees({ settings, isLoading, isError, onRetry }: FranchiseFeesProps) {
  if (isLoading) {
    return (
      <div className="franchise-fees franchise-fees--loading" role="status" aria-live="polite">
        <span className="visually-hidden">Loading the franchise fees…</span>
        {YEARS.map((year) => (
          <span key={year} className="skeleton franchise-fees__skeleton" aria-hidden="true" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <div className="franchise-fees franchise-fees--problem" role="alert">
        <p>We could not load the fees right now. You can still apply below, and we will send them to you.</p>
        <button type="button" className="btn btn--ghost btn--small" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (!settings) {
    return (
      <div className="franchise-fees franchise-fees--problem">
        <p>Our fees for new partners are being updated. Apply below and we will send you the current offer.</p>
      </div>
    );
  }
  return (
    <div className="franchise-fees">
      <table className="franchise-fees__table">
        <caption>Reduced royalty and ad fees for your first three years</caption>
        <thead>
          <tr>
            <th scope="col">Year</th>
            <th scope="col">Royalty fee</th>
            <th scope="col">Ad fee</th>
          </tr>
        </thead>
        <tbody>
          {YEARS.map((year, index) => (
            <tr key={year}>
              <th scope="row">Year {year}</th>
              <td>{formatPercent(settings.royaltyFees[index])}</td>
              <td>{formatPercent(settings.adFees[index])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
