import { salePriceCents, type Price } from "#common/catalog";
import { formatCents } from "#common/money";

export interface PriceTagProps {
  price: Price | undefined;
  className?: string;
}

/**
 * A price as the shopper reads it. A real sale price shows the original struck through
 * with the sale price beside it; screen readers hear "Original price" and "Now".
 */
export function PriceTag({ price, className }: PriceTagProps) {
  const classes = ["price-tag", className].filter(Boolean).join(" ");
  if (!price) return <span className={`${classes} price-tag--unavailable`}>Price unavailable</span>;
  const salePrice = salePriceCents(price);
  if (salePrice !== null) {
    return (
      <span className={classes}>
        <s className="price-tag__original price-original">
          <span className="visually-hidden">Original price: </span>
          {formatCents(price.priceCents)}
        </s>{" "}
        <span className="price-tag__current price-sale">
          <span className="visually-hidden">Now </span>
          {formatCents(salePrice)}
        </span>
      </span>
    );
  }
  return (
    <span className={classes}>
      <span className="price-tag__current">{formatCents(price.priceCents)}</span>
    </span>
  );
}
