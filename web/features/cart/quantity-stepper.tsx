import { MIN_QUANTITY, useCartStore, type CartItem } from "./cart-store";
import "./quantity-stepper.css";

/**
 * Minus, quantity, plus for one cart line: the drawer and the checkout summary both use it,
 * so a quantity can never go below 1 through the buttons anywhere.
 */
export function QuantityStepper({ item, label, disabled = false }: { item: CartItem; label: string; disabled?: boolean }) {
  const setQuantity = useCartStore((state) => state.setQuantity);
  return (
    <div className="quantity-stepper">
      <button
        type="button"
        className="quantity-stepper__step"
        aria-label={`Decrease quantity of ${label}`}
        disabled={disabled || item.quantity <= MIN_QUANTITY}
        onClick={() => setQuantity(item.id, item.quantity - 1)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 12h12" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
        </svg>
      </button>
      <output className="quantity-stepper__count" aria-label={`Quantity of ${label}`} aria-live="polite">
        {item.quantity}
      </output>
      <button
        type="button"
        className="quantity-stepper__step"
        aria-label={`Increase quantity of ${label}`}
        disabled={disabled}
        onClick={() => setQuantity(item.id, item.quantity + 1)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 12h12M12 6v12" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

/** The remove X of a cart line. */
export function RemoveLineButton({ label, onRemove, disabled = false }: { label: string; onRemove(): void; disabled?: boolean }) {
  return (
    <button type="button" className="icon-button remove-line-button" aria-label={label} disabled={disabled} onClick={onRemove}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M7 7l10 10M17 7L7 17" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
    </button>
  );
}
