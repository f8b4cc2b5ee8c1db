import type { Product } from "#common/catalog";

/** Ingredients and nutrition, each shown only when the menu has it. */
export function DrinkFacts({ product }: { product: Product }) {
  if (product.ingredients.length === 0 && !product.nutrition) return null;
  return (
    <dl className="drink-facts">
      {product.ingredients.length > 0 && (
        <div className="drink-facts__row">
          <dt>Ingredients</dt>
          <dd>{capitalize(product.ingredients.join(", "))}</dd>
        </div>
      )}
      {product.nutrition && (
        <div className="drink-facts__row">
          <dt>Nutrition</dt>
          <dd>{product.nutrition}</dd>
        </div>
      )}
    </dl>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
