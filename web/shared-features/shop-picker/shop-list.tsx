import { useId } from "react";
import type { LocationSummary } from "#common/locations";
import { useShopId } from "#web/lib/shop-store";
import { useLocations } from "./locations-store";
import { ShopCard } from "./shop-card";
import { useChooseShop } from "./use-choose-shop";
import { useSortedShops } from "./use-sorted-shops";
import { useTypedZip } from "./typed-zip-store";
import "./shop-picker.css";

/**
 * Every shop taking online orders, each with its address, hours and a "Choose this shop" button,
 * sortable by distance from a ZIP code or the browser's location. The picker and /locations show it.
 */
export function ShopList({
  onChosen,
  linkToPages = false,
  headingLevel,
}: {
  onChosen?: (shop: LocationSummary) => void;
  linkToPages?: boolean;
  headingLevel?: "h2" | "h3";
}) {
  const zipId = useId();
  const zip = useTypedZip((state) => state.zip);
  const setZip = useTypedZip((state) => state.setZip);
  const shopId = useShopId();
  const { shops, sort, error, sortByZip, sortByPosition } = useSortedShops();
  const { choose, busyId, error: chooseError } = useChooseShop(onChosen);
  const failed = useLocations((state) => state.failed);
  const pending = sort.by === "pending";

  return (
    <div className="shop-list">
      <form
        className="shop-list__sort"
        onSubmit={(event) => {
          event.preventDefault();
          sortByZip(zip);
        }}
      >
        <label htmlFor={zipId} className="shop-list__label">
          Sort by distance from a ZIP code
        </label>
        <div className="shop-list__sort-row">
          <input
            id={zipId}
            className="shop-list__zip"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            value={zip}
            onChange={(event) => setZip(event.target.value)}
            placeholder="92832"
          />
          <button type="submit" className="btn btn--small" disabled={pending}>
            Sort
          </button>
          <button type="button" className="btn btn--ghost btn--small" disabled={pending} onClick={sortByPosition}>
            Use my location
          </button>
        </div>
      </form>
      <p className="shop-list__status" role="status" aria-live="polite">
        {pending
          ? "Sorting the shops…"
          : sort.by === "zip"
            ? `Nearest first from ${sort.zip}`
            : sort.by === "position"
              ? "Nearest first from your location"
              : ""}
      </p>
      {(error ?? chooseError) && (
        <p className="shop-list__error" role="alert">
          {error ?? chooseError}
        </p>
      )}
      {shops === null && failed ? (
        <p className="shop-list__error" role="alert">
          Could not load our shops.{" "}
          <button type="button" className="btn btn--small" onClick={() => void useLocations.getState().load(true)}>
            Try again
          </button>
        </p>
      ) : shops === null ? (
        <p className="shop-list__loading">Loading the shops…</p>
      ) : (
        <ul role="list" className="shop-list__items">
          {shops.map((shop) => (
            <li key={shop.id}>
              <ShopCard
                shop={shop}
                chosen={shop.id === shopId}
                busy={busyId !== null}
                onChoose={(chosen) => void choose(chosen)}
                linkToPage={linkToPages}
                headingLevel={headingLevel}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
