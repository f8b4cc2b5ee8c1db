import { Link } from "#web/components/link";
import { DAYS_NOT_LOADED } from "./pickup-picker";

/** While closed, the days ahead decide between the form and "not taking orders": a moment's wait. */
export function CheckoutLookingAhead() {
  return (
    <div className="checkout-card checkout-looking-ahead skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        Looking for pickup times ahead…
      </p>
    </div>
  );
}

interface CheckoutClosedProps {
  /** Why, in the banner's words. */
  message: string;
  /** The days ahead could not be loaded while closed: they may yet offer a time. */
  daysFailed: boolean;
  onRetryDays(): void;
}

/** In place of the form while the shop takes no orders: why, and that the cart is kept. */
export function CheckoutClosed({ message, daysFailed, onRetryDays }: CheckoutClosedProps) {
  return (
    <section className="checkout-card checkout-closed" aria-labelledby="checkout-closed-title">
      <h2 id="checkout-closed-title" className="checkout-card__title">
        We are not taking orders right now
      </h2>
      <p role="status">{message}.</p>
      {daysFailed && (
        <p className="field__error" role="alert">
          {DAYS_NOT_LOADED}{" "}
          <button type="button" className="btn btn--ghost btn--small" onClick={onRetryDays}>
            Try again
          </button>
        </p>
      )}
      <p className="muted">
        Your cart is kept for then. <Link to="/menu">Keep browsing the menu</Link>
      </p>
    </section>
  );
}
