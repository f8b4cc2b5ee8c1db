import type { CSSProperties } from "react";
import { Link } from "react-router";
import { menuCardPrice, type Product } from "../../../../common/catalog";
import { Rating } from "../../../components/rating";
import { PriceTag } from "../../product/components/price-tag";

export function productPath(product: Pick<Product, "categoryId" | "id">): string {
  return `/categories/${encodeURIComponent(product.categoryId)}/products/${encodeURIComponent(product.id)}`;
}

/** The drink's own two colours, handed to the CSS that tints its card. */
export function gradientStyle(gradient: Product["gradient"]): CSSProperties {
  const [from, to] = gradient;
  return { "--tint-from": from, "--tint-to": to } as CSSProperties;
}

/** One drink on the menu; the whole card opens the drink's page. */
export function ProductCard({ product, priority = false }: { product: Product; priority?: boolean }) {
  return (
    <article className="product-card" style={gradientStyle(product.gradient)}>
      <div className="product-card__art">
        {/* The first cards are in the first screen (the menu's largest paint): fetched at once. */}
        <img
          src={product.image}
          alt=""
          width={160}
          height={160}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding="async"
        />
      </div>
      <div className="product-card__body">
        <h3 className="product-card__name">
          <Link className="product-card__link" to={productPath(product)}>
            {product.name}
          </Link>
        </h3>
        <p className="product-card__description">{product.description}</p>
        <div className="product-card__footer">
          <Rating value={product.rating} size={16} />
          <PriceTag className="product-card__price" price={menuCardPrice(product)} />
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
