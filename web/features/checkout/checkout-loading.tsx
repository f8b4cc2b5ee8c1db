import { CheckoutFrame } from "./checkout-frame";

/** The page before the browser's cart and session are known: its heading and its two cards, loading. */
export function CheckoutLoading() {
  return (
    <CheckoutFrame>
      <div className="checkout-layout" aria-busy="true">
        <p className="visually-hidden">Loading your order…</p>
        <div className="checkout-card skeleton" style={{ height: 260 }} />
        <div className="checkout-card skeleton" style={{ height: 360 }} />
      </div>
    </CheckoutFrame>
  );
}
