/**
 * Why the shop cannot take this order online (`order_too_large`), and the way it can still be
 * had: a call to the shop, one tap away on a phone.
 */
export function OrderTooLarge({ message, phone }: { message: string; phone: string | null }) {
  return (
    <div className="checkout-problem checkout-too-large" role="alert">
      <p>{message}</p>
      {phone && (
        <a className="btn btn--ghost btn--small" href={`tel:${phone.replace(/[^\d+]/g, "")}`}>
          Call {phone}
        </a>
      )}
    </div>
  );
}
