import type { FulfilmentMethod } from "#common/fulfilment";
import { formatCents } from "#common/money";
import { paymentPromise } from "#common/payment-methods";
import { usePaymentMethods } from "#web/lib/get-payment-methods";

/** Beside the button, before it is pressed: how and where the order will be paid, with the amount. */
export function PaymentNote({ fulfilment, totalCents }: { fulfilment: FulfilmentMethod; totalCents: number }) {
  const methods = usePaymentMethods(true);
  if (!methods.data) return null;
  return (
    <p className="checkout-payment" data-testid="checkout-payment">
      {paymentPromise(methods.data.accepts, fulfilment, formatCents(totalCents))}
    </p>
  );
}
