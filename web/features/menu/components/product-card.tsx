import { Link } from "#web/components/link";
import { menuCardPrice, selectableSizes, sizesDifferInPrice, type Product } from "#common/catalog";
import { SoldOutBadge, useIsWholeDrinkSoldOut } from "#web/shared-features/shop-status/sold-out";
import { productPagePath } from "#common/landing";
import { isRated, Rating } from "#web/components/rating";
import { PriceTag } from "#web/components/price-tag/price-tag";
import { gradientStyle } from "#web/lib/gradient-style";
import { DrinkImage } from "#web/components/drink-image";

/** One drink on the menu; the whole card opens the drink's page. */
export function ProductCard({ product, priority = false }: { product: Product; priority?: boolean }) {
  const sizes = product.sizeSelection ? selectableSizes(product) : (["default"] as const);
  const soldOut = useIsWholeDrinkSoldOut(product.id, sizes);
  return (
    <article
      className={`product-card${soldOut ? " product-card--sold-out" : ""}`}
      style={gradientStyle(product.gradient)}
    >
      <div className="product-card__art">
        {/* The first cards are in the first screen (the menu's largest paint): fetched at once, the rest after them. */}
        <DrinkImage
          src={product.image}
          alt=""
          width={160}
          height={160}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "low"}
          decoding="async"
        />
      </div>
      <div className="product-card__body">
        <h3 className="product-card__name">
          <Link className="product-card__link" to={productPagePath(product)}>
            {product.name}
          </Link>
        </h3>
        <p className="product-card__description">{product.description}</p>
        <div className={`product-card__footer${isRated(product.rating) ? "" : " product-card__footer--unrated"}`}>
          {isRated(product.rating) && (
            <span className="product-card__rating">
              <Rating value={product.rating} size={14} />
              <span aria-hidden="true">{product.rating.toFixed(1)}</span>
            </span>
          )}
          {soldOut ? (
            <SoldOutBadge />
          ) : (
            <span className="product-card__price">
              {sizesDifferInPrice(product) && <span className="product-card__from">from</span>}
              <PriceTag price={menuCardPrice(product)} />
            </span>
          )}
        </div>
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton">
      <div className="product-card__art-skeleton skeleton" />
      <div className="product-card__body">
        <span className="skeleton skeleton--text" style={{ width: "60%", height: "1.3em" }} />
        <span className="skeleton skeleton--text" style={{ width: "95%" }} />
        <span className="skeleton skeleton--text" style={{ width: "75%" }} />
        <span className="skeleton skeleton--text" style={{ width: "40%" }} />
      </div>
    </div>
  );
}
