import type { ReactNode } from "react";

/** The page's frame and heading, the same in every state of the checkout. */
export function CheckoutFrame({ children }: { children: ReactNode }) {
  return (
    <div className="checkout-page">
      <div className="container checkout-page__inner">
        <h1 className="checkout-page__title">Checkout</h1>
        {children}
      </div>
    </div>
  );
}
