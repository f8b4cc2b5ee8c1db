import { useEffect, useEffectEvent } from "react";
import { useNavigate } from "react-router";

interface CheckoutAccessInput {
  signedIn: boolean;
  /** The cart's lines. */
  lineCount: number;
  requireSignIn(action: () => void): void;
  /** Back from paying at Stripe: the page stays for the success view, whatever the cart holds. */
  returningPaid: boolean;
  /** An order is being completed: its emptied cart does not send the shopper away. */
  isCompleting(): boolean;
}

/** Who the page is for: a guest is asked to sign in, a signed-in shopper with an empty cart goes to the menu. */
export function useCheckoutAccess({
  signedIn,
  lineCount,
  requireSignIn,
  returningPaid,
  isCompleting,
}: CheckoutAccessInput) {
  const navigate = useNavigate();

  // A guest is told to sign in (and gets the sign-in modal) instead of being sent away: once, for
  // the visit that opened the page signed out.
  const promptGuest = useEffectEvent(() => {
    if (!signedIn) requireSignIn(() => {});
  });
  useEffect(() => promptGuest(), []);

  // Spec: an empty cart sends the shopper to the menu, replacing this history entry.
  useEffect(() => {
    if (!signedIn || returningPaid) return;
    if (lineCount > 0 || isCompleting()) return;
    navigate("/menu", { replace: true });
  }, [lineCount, navigate, returningPaid, signedIn, isCompleting]);
}
