import type { CSSProperties } from "react";
import { Link } from "#web/components/link";
import { effectivePriceCents, menuCardPrice, sizesDifferInPrice, type Product } from "#common/catalog";
import { productPagePath } from "#common/landing";
import { formatCents } from "#common/money";
import { useFeaturedDrinks } from "./api/get-featured-drinks";
import { DrinkImage } from "#web/components/drink-image";

/** Places kept for the drinks while they load, so the page below does not jump when they arrive. */
const PLACEHOLDERS = 4;

/** "Popular right now": the featured drinks with their prices, each opening its page. */
export function FeaturedDrinks() {
  const featured = useFeaturedDrinks();
  // Nothing to show (none featured, or the request failed): the menu button above still leads on.
  if (featured.status === "failed" || (featured.status === "ready" && featured.drinks.length === 0)) return null;
  return (
    <section className="section featured" aria-labelledby="featured-title">
      <div className="container">
        <div className="featured__header">
          <h2 id="featured-title">Popular right now</h2>
          <Link to="/menu" className="featured__all">
            Full menu
          </Link>
        </div>
        {featured.status === "loading" ? (
          <ul role="list" className="featured__row" aria-busy="true" aria-label="Loading popular drinks">
            {Array.from({ length: PLACEHOLDERS }, (_, index) => (
              <li key={index} className="featured-card featured-card--placeholder" />
            ))}
          </ul>
        ) : (
          <ul role="list" className="featured__row">
            {featured.drinks.map((drink) => (
              <li key={drink.id}>
                <FeaturedCard drink={drink} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function FeaturedCard({ drink }: { drink: Product }) {
  const price = menuCardPrice(drink);
  const tint = { "--tint-from": drink.gradient[0], "--tint-to": drink.gradient[1] } as CSSProperties;
  return (
    <Link to={productPagePath(drink)} className="featured-card" style={tint}>
      <span className="featured-card__art">
        <DrinkImage src={drink.image} alt="" width={120} height={120} loading="lazy" decoding="async" />
      </span>
      <span className="featured-card__name">{drink.name}</span>
      {price && (
        <span className="featured-card__price">
          {sizesDifferInPrice(drink) && <span className="featured-card__from">from </span>}
          {formatCents(effectivePriceCents(price))}
        </span>
      )}
    </Link>
  );
}
