import { useRef } from "react";
import { SIZE_LABELS, type Product } from "#common/catalog";
import { formatCents } from "#common/money";
import { ORDER_LIMITS } from "#common/order-limits";
import { DrinkImage } from "#web/components/drink-image";
import { PriceTag } from "#web/components/price-tag/price-tag";
import { isRated, Rating } from "#web/components/rating";
import { SoldOutBadge } from "#web/shared-features/shop-status/sold-out";
import { NumberStepper } from "#web/components/stepper/number-stepper";
import { gradientStyle } from "#web/lib/gradient-style";
import { BuyButtons, useBuyDrink } from "#web/features/product/buy-drink";
import { useDrinkChoice } from "#web/features/product/use-drink-choice";
import { useScrolledPast } from "#web/features/product/use-scrolled-past";
import { ModifierGroups } from "./modifier-groups";
import { NoteField, SizePicker } from "./drink-choice-fields";

/** A drink, its choices, and the buttons that buy it as chosen. */
export function ProductDetails({ product }: { product: Product }) {
  const choice = useDrinkChoice(product);
  const { sizes, size, price, groups, totalCents } = choice;
  const actions = useRef<HTMLDivElement>(null);
  const actionsScrolledAway = useScrolledPast(actions);
  const buy = useBuyDrink(product, choice);

  return (
    <article className="product-details" style={gradientStyle(product.gradient)}>
      <div className="product-details__art">
        <DrinkImage src={product.image} alt={product.name} width={320} height={320} fetchPriority="high" />
      </div>

      <div className="product-details__info">
        <h1 className="product-details__name">{product.name}</h1>
        {isRated(product.rating) && (
          <div className="product-details__rating">
            <Rating value={product.rating} size={20} />
            <span className="muted" aria-hidden="true">
              {product.rating.toFixed(1)}
            </span>
          </div>
        )}
        <p className="product-details__description">{product.description}</p>
        <DrinkFacts product={product} />

        <p className="product-details__price" aria-live="polite" data-testid="drink-price">
          <PriceTag price={price} />
          {sizes.length > 0 && <span className="product-details__price-size">{SIZE_LABELS[size]}</span>}
          {choice.sizeSoldOut && <SoldOutBadge className="product-details__sold-out" />}
        </p>

        {sizes.length > 0 && (
          <SizePicker
            product={product}
            sizes={sizes}
            size={size}
            onChoose={choice.chooseSize}
            isSizeSoldOut={choice.isSizeSoldOut}
          />
        )}

        {groups.length > 0 && (
          <ModifierGroups
            groups={groups}
            selected={choice.modifierIds}
            onChange={choice.setModifierIds}
            soldOut={choice.soldOutOptions}
            problems={choice.triedToBuy ? choice.problems : []}
          />
        )}

        <div className="product-details__quantity">
          <span className="size-picker__legend" aria-hidden="true">
            Quantity
          </span>
          <NumberStepper
            value={choice.quantity}
            onChange={choice.setQuantity}
            label={product.name}
            min={ORDER_LIMITS.minQuantity}
            max={ORDER_LIMITS.maxQuantity}
          />
        </div>

        <NoteField note={choice.note} onChange={choice.setNote} />

        {groups.length > 0 && price && (
          <p className="product-details__total" aria-live="polite" data-testid="drink-total">
            <span>Your drink</span>
            <span>{formatCents(totalCents)}</span>
          </p>
        )}

        <div className="product-details__actions" ref={actions}>
          <BuyButtons buy={buy} place="details" totalCents={totalCents} />
        </div>
        <p id={buy.whyId} className="product-details__why" role="status">
          {buy.why}
        </p>
      </div>

      {/* On a phone, once the buttons above have scrolled away, the same two stay at hand. */}
      <div className="buy-bar" hidden={!actionsScrolledAway || !price} data-testid="buy-bar">
        <BuyButtons buy={buy} place="bar" totalCents={totalCents} />
      </div>
    </article>
  );
}

/** Ingredients and nutrition, each shown only when the menu has it. */
function DrinkFacts({ product }: { product: Product }) {
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
