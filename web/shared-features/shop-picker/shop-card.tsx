import type { LocationSummary } from "#common/locations";
import { Link } from "#web/components/link";
import { distanceText, mapLink, openNowText, todayHoursText } from "./shop-hours";

export interface ShopCardProps {
  shop: LocationSummary;
  chosen: boolean;
  busy: boolean;
  onChoose(shop: LocationSummary): void;
  /** Names the shop with a link to its own page (/locations/<slug>). */
  linkToPage?: boolean;
  headingLevel?: "h2" | "h3";
  /** False on the shop's own page, whose heading already names it. */
  named?: boolean;
}

/** One shop: address, today's hours and whether it is open (on its own clock), a map link and the choice. */
export function ShopCard({
  shop,
  chosen,
  busy,
  onChoose,
  linkToPage = false,
  headingLevel = "h3",
  named = true,
}: ShopCardProps) {
  const Heading = headingLevel;
  const services = [shop.offersPickup && "Pickup", shop.offersDelivery && "Delivery"].filter(Boolean).join(" · ");
  return (
    <article className={`shop-card${chosen ? " shop-card--chosen" : ""}`} aria-label={shop.name} data-shop-id={shop.id}>
      {(named || shop.distanceMiles !== undefined) && (
        <div className="shop-card__head">
          {named && (
            <Heading className="shop-card__name">
              {linkToPage ? <Link to={`/locations/${encodeURIComponent(shop.slug)}`}>{shop.name}</Link> : shop.name}
            </Heading>
          )}
          {shop.distanceMiles !== undefined && (
            <span className="shop-card__distance">{distanceText(shop.distanceMiles)}</span>
          )}
        </div>
      )}
      <p className="shop-card__address">{shop.address}</p>
      <p className="shop-card__hours">{todayHoursText(shop)}</p>
      <p className={`shop-card__open shop-card__open--${shop.openNow ? "yes" : "no"}`}>{openNowText(shop)}</p>
      {services && <p className="shop-card__services">{services}</p>}
      <div className="shop-card__actions">
        <a className="shop-card__map" href={mapLink(shop.address)} target="_blank" rel="noopener noreferrer">
          Map<span className="visually-hidden"> of {shop.name} (opens in a new tab)</span>
        </a>
        {chosen ? (
          <span className="shop-card__chosen">Your shop</span>
        ) : (
          <button
            type="button"
            className="btn btn--primary btn--small"
            disabled={busy}
            aria-label={`Choose this shop: ${shop.name}`}
            onClick={() => onChoose(shop)}
          >
            Choose this shop
          </button>
        )}
      </div>
    </article>
  );
}
