import { NumberStepper } from "#web/components/stepper/number-stepper";
import { MIN_QUANTITY, useCartStore, type CartItem } from "#web/lib/cart-store";
import "./quantity-stepper.css";

/**
 * Minus, quantity, plus for one cart line: the drawer and the checkout summary both use it,
 * so a quantity can never go below 1 through the buttons anywhere.
 */
export function QuantityStepper({
  item,
  label,
  disabled = false,
}: {
  item: CartItem;
  label: string;
  disabled?: boolean;
}) {
  const setQuantity = useCartStore((state) => state.setQuantity);
  return (
    <NumberStepper
      value={item.quantity}
      onChange={(quantity) => setQuantity(item.id, quantity)}
      label={label}
      min={MIN_QUANTITY}
      disabled={disabled}
    />
  );
}

/** The remove X of a cart line. */
export function RemoveLineButton({
  label,
  onRemove,
  disabled = false,
}: {
  label: string;
  onRemove(): void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className="icon-button remove-line-button"
      aria-label={label}
      disabled={disabled}
      onClick={onRemove}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M7 7l10 10M17 7L7 17" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
    </button>
  );
}
