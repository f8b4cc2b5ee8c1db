import { useAuthGate } from "#web/lib/sign-in-gate/use-auth-gate";
import { cartCount, useCartStore } from "#web/lib/cart-store";
import { useHydrated } from "#web/lib/use-hydrated";
import "./cart.css";

/** The header's cart icon with its item count; a guest is asked to sign in first. */
export function CartButton() {
  // The server's HTML has an empty cart: the saved one shows once the page is hydrated.
  const savedCount = useCartStore((state) => cartCount(state.items));
  const count = useHydrated() ? savedCount : 0;
  const open = useCartStore((state) => state.open);
  const requireSignIn = useAuthGate();
  const label = count === 0 ? "Cart, empty" : `Cart, ${count} ${count === 1 ? "item" : "items"}`;
  return (
    <button
      type="button"
      className="icon-button cart-button"
      aria-label={label}
      onClick={() => requireSignIn(open, { kind: "open-cart" })}
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M3 4h2.2l2.3 11.1a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.1" />
        <circle cx="10" cy="20.2" r="1.3" />
        <circle cx="17.5" cy="20.2" r="1.3" />
      </svg>
      {count > 0 && (
        <span className="cart-button__badge" aria-hidden="true">
          {count > 99 ? "99+" : count}
        </span>
      )}
    </button>
  );
}
