import type { FulfilmentMethod } from "#common/fulfilment";
import { formatCents } from "#common/money";
import { paymentPromise, type PaymentMethod } from "#common/payment-methods";

/** Beside the button, before it is pressed: how and where the order will be paid, with the amount. */
export function PaymentNote({
  accepts,
  fulfilment,
  totalCents,
}: {
  /** How the shop takes payment; nothing is said until it is known. */
  accepts: PaymentMethod | undefined;
  fulfilment: FulfilmentMethod;
  totalCents: number;
}) {
  // Until it is known the line is there, empty: the words arriving must not move the Checkout
  // button below them under a finger already on its way.
  return (
    <p className="checkout-payment" data-testid="checkout-payment" aria-hidden={accepts ? undefined : true}>
      {accepts ? paymentPromise(accepts, fulfilment, formatCents(totalCents)) : "\u00a0"}
    </p>
  );
}
