import type { StoreStatus } from "#common/availability";
import { closedMessage, pausedMessage } from "#common/hours/format";
import { useStoreStatus } from "./store-status-store";
import { useStorePolling } from "./use-store-polling";

/** What the banner says, or null while the shop takes orders. */
export function storeBannerText(status: StoreStatus | null, now: Date = new Date()): string | null {
  if (!status || status.reason === null) return null;
  if (status.reason === "paused")
    return pausedMessage(status.pausedUntil ? new Date(status.pausedUntil) : null, status.timeZone);
  return closedMessage(status.opensAt ? new Date(status.opensAt) : null, now, status.timeZone);
}

/**
 * The calm line under the header when the shop is closed or has paused online orders. Browsing
 * goes on; only the checkout is held. It also keeps the shop's state fresh for every page.
 */
export function StoreBanner() {
  useStorePolling();
  const status = useStoreStatus((state) => state.status);
  const text = storeBannerText(status);
  return (
    <div className="store-banner" role="status" aria-live="polite" hidden={!text}>
      {text && <p className="container store-banner__text">{text}. You can still browse the menu.</p>}
    </div>
  );
}

export default StoreBanner;
