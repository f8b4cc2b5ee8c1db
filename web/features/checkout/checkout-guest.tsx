import { CheckoutFrame } from "./checkout-frame";

/** A guest's checkout: why to sign in, and the button that does. */
export function CheckoutGuest({ onSignIn }: { onSignIn(): void }) {
  return (
    <CheckoutFrame>
      <section className="checkout-card checkout-guest" aria-labelledby="checkout-guest-title">
        <h2 id="checkout-guest-title">Sign in to check out</h2>
        <p>Orders need a quick, one-tap sign-in with Google or Apple, so we know whose drinks they are.</p>
        <button type="button" className="btn btn--primary" onClick={onSignIn}>
          Sign in
        </button>
      </section>
    </CheckoutFrame>
  );
}
