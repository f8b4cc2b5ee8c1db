import type { ReactNode } from "react";
import { lineTotalCents } from "#common/line-price";
import { sizeLabel } from "#common/catalog";
import { optionsSummary, withOptionNames } from "#common/modifiers";
import { formatCents } from "#common/money";
import { DrinkImage } from "#web/components/drink-image";
import { QuantityStepper, RemoveLineButton } from "#web/components/quantity-stepper/quantity-stepper";
import { cartLineLabel, useCartStore, type CartItem } from "#web/lib/cart-store";

/** A cart line in the summary: the drink, its choices and note, its quantity, what stops it being ordered. */
export function CheckoutLine({
  item,
  disabled,
  problem,
  reward,
}: {
  item: CartItem;
  disabled: boolean;
  problem: string | undefined;
  /** The stamp card's free drink on this line: offered, used or movable here. */
  reward?: ReactNode;
}) {
  const removeItem = useCartStore((state) => state.removeItem);
  const what = withOptionNames(cartLineLabel(item), item.options);
  const options = optionsSummary(item.options);
  return (
    <li className="checkout-line" data-line-id={item.id}>
      <DrinkImage className="checkout-line__image" src={item.image} alt="" width={56} height={56} />
      <div className="checkout-line__info">
        <p className="checkout-line__name">{item.name}</p>
        <p className="checkout-line__meta">
          {sizeLabel(item.size)} · {formatCents(item.priceCents)}
        </p>
        {options && <p className="checkout-line__options">{options}</p>}
        {item.comment && <p className="checkout-line__note">“{item.comment}”</p>}
        {reward}
        {problem && (
          <p className="checkout-line__sold-out" role="alert">
            {problem}
          </p>
        )}
      </div>
      <div className="checkout-line__quantity">
        <QuantityStepper item={item} label={what} disabled={disabled} />
      </div>
      <p className="checkout-line__subtotal">
        {formatCents(lineTotalCents({ unitPriceCents: item.priceCents, quantity: item.quantity }))}
      </p>
      <div className="checkout-line__remove">
        <RemoveLineButton label={`Remove ${what}`} disabled={disabled} onRemove={() => removeItem(item.id)} />
      </div>
    </li>
  );
}
