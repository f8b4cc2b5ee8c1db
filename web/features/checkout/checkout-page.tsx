import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { Link, useNavigate, useSearchParams } from "react-router";
import { checkoutFormSchema, type CheckoutForm, type OrderRequest, type PickupRequest } from "#common/forms/checkout";
import { isSoldOut, STORE_REFUSAL_CODES, type SoldOutItem } from "#common/availability";
import { formatTimeIn } from "#common/hours/format";
import { orderNumber, type CreateOrderResponse, type Order } from "#common/orders";
import { sizeLabel } from "#common/catalog";
import { formatCents } from "#common/money";
import { usePageMeta } from "#web/lib/use-page-meta";
import { FEEDBACK_DEFAULT_LOADING_TEXT, useFeedbackStore } from "#web/components/feedback/feedback-store";
import { brand } from "#web/config/brand";
import { ApiRequestError } from "#web/lib/api-client";
import { useSessionStore } from "#web/lib/session-store";
import { useAuthGate } from "#web/lib/sign-in-gate/use-auth-gate";
import { cartLineLabel, cartTotalCents, useCartStore, type CartItem } from "#web/lib/cart-store";
import { QuantityStepper, RemoveLineButton } from "#web/components/quantity-stepper/quantity-stepper";
import { useSoldOut } from "#web/components/store-status/sold-out";
import { storeBannerText } from "#web/components/store-status/store-banner";
import { useStoreStatus } from "#web/components/store-status/store-status-store";
import { useCreateOrder } from "./api/create-order";
import { useDeliveryArea } from "./api/get-delivery-area";
import { FulfilmentFields } from "./fulfilment-fields";
import { PickupPicker } from "./pickup-picker";
import { checkoutAttemptKey, forgetCheckoutAttempt } from "./checkout-attempt";
import { goToPaymentPage } from "./payment-redirect";
import "./checkout.css";

// The spec's words (section 8), verbatim.
export const CHECKOUT_SUCCESS_TOAST = "Success! Your order is placed";
export const CHECKOUT_SUCCESS_MESSAGE = "Your order is placed, We will contact you as soon as possible.";
export const CHECKOUT_FAILURE_TOAST = "Unexpected error during payment.";
export const PAYMENT_CANCELLED_TITLE = "Payment cancelled";
export const PAYMENT_CANCELLED_MESSAGE =
  "Your card was not charged and your cart is still here. Check out again whenever you are ready.";
/** Spec section 9: back to the menu this long after a successful order. */
export const POST_ORDER_REDIRECT_MS = 300;

function toOrderLines(items: CartItem[]): OrderRequest["lines"] {
  return items.map((item) => ({
    productId: item.productId,
    size: item.size as OrderRequest["lines"][number]["size"],
    quantity: item.quantity,
    note: item.comment,
  }));
}

/** What was just ordered, shown (with the server's total) while the page heads back to the menu. */
interface PlacedOrder {
  /** Unknown after a return from Stripe, whose page showed the amount. */
  totalCents: number | null;
  itemCount: number | null;
  /** The order as the server wrote it; unknown after a return from Stripe. */
  summary?: Pick<Order, "id" | "totalCents" | "paymentMode" | "paymentState" | "pickup">;
}

const REFUSAL_CODES: readonly string[] = STORE_REFUSAL_CODES;

function lineIsSoldOut(soldOut: SoldOutItem[], item: CartItem): boolean {
  return isSoldOut(soldOut, item.productId, item.size as never);
}

/** "Pickup at 3:15 PM" for a chosen slot, "Ready around 2:45 PM" for as soon as possible. */
function pickupText(pickup: NonNullable<Order["pickup"]>): string {
  const time = formatTimeIn(new Date(pickup.at), pickup.timeZone);
  return pickup.mode === "slot" ? `Pickup at ${time}` : `Ready around ${time}`;
}

/** The success modal's facts about the order just placed: its number, total, payment and time. */
export function placedOrderDetails(
  order: Pick<Order, "id" | "totalCents" | "paymentMode" | "paymentState"> & { pickup?: Order["pickup"] },
) {
  return [
    { label: "Order", value: orderNumber(order.id) },
    { label: "Total", value: formatCents(order.totalCents) },
    {
      label: "Payment",
      value:
        order.paymentState === "paid" ? "Paid by card" : order.paymentMode === "stripe" ? "By card" : "Pay on pickup",
    },
    { label: "Ready", value: `Within ${brand.deliveryWindow}` },
    ...(order.pickup ? [{ label: "Pickup", value: pickupText(order.pickup) }] : []),
  ];
}

export default function CheckoutPage() {
  usePageMeta("Checkout", "Review your drinks, add your phone number and place your Squeeze order.");
  const items = useCartStore((state) => state.items);
  const clearCart = useCartStore((state) => state.clear);
  const sessionUser = useSessionStore((state) => state.user);
  const setSessionUser = useSessionStore((state) => state.setUser);
  const requireSignIn = useAuthGate();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const createOrder = useCreateOrder();
  const deliveryArea = useDeliveryArea();
  const phoneId = useId();
  const phoneErrorId = useId();

  // Set before the cart is emptied by a successful order: the success flow navigates itself.
  const completingRef = useRef(false);
  const handledReturnRef = useRef(false);
  const onPageRef = useRef(true);
  useEffect(() => {
    onPageRef.current = true;
    return () => {
      onPageRef.current = false;
    };
  }, []);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const [serverTotalCents, setServerTotalCents] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const deliveryFeeCents = deliveryArea.data?.deliveryFeeCents ?? 0;
  const [pickup, setPickup] = useState<PickupRequest>({ mode: "asap" });
  const [pickupError, setPickupError] = useState<string | null>(null);
  const store = useStoreStatus((state) => state.status);
  const soldOut = useSoldOut();
  const soldOutLines = items.filter((item) => lineIsSoldOut(soldOut, item));

  // The shop's state as of now, before the shopper fills anything in.
  useEffect(() => {
    void useStoreStatus.getState().refresh();
  }, []);

  // A chosen slot that filled up or passed meanwhile goes back to "as soon as possible".
  useEffect(() => {
    if (pickup.mode !== "slot" || !store) return;
    const slot = store.pickupSlots.find((entry) => entry.startsAt === pickup.startsAt);
    if (!slot || slot.full) setPickup({ mode: "asap" });
  }, [store, pickup]);

  const form = useForm<CheckoutForm>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: { phone: sessionUser.phone, fulfilment: "pickup", street: "", zip: "" },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { register, handleSubmit, formState, setValue, getFieldState, setError } = form;

  // The session may arrive after the page (GET /api/me): pre-fill unless the shopper already typed.
  useEffect(() => {
    if (sessionUser.phone && !getFieldState("phone").isDirty) setValue("phone", sessionUser.phone);
  }, [sessionUser.phone, getFieldState, setValue]);

  function finishSuccessfully(phone: string | null, order: PlacedOrder) {
    completingRef.current = true;
    forgetCheckoutAttempt();
    setPlaced(order);
    clearCart();
    if (phone) setSessionUser({ phone });
    toast.success(CHECKOUT_SUCCESS_TOAST);
    useFeedbackStore.getState().show("success", {
      message: CHECKOUT_SUCCESS_MESSAGE,
      details: order.summary ? placedOrderDetails(order.summary) : undefined,
      link: order.summary ? { label: "View order", to: `/orders/${encodeURIComponent(order.summary.id)}` } : undefined,
    });
    // Not cancelled when this page re-renders; skipped only if the shopper has already left it
    // (View order in the modal, within the 300 ms).
    window.setTimeout(() => {
      if (onPageRef.current) navigate("/menu");
    }, POST_ORDER_REDIRECT_MS);
  }

  // Back from Stripe's payment page.
  useEffect(() => {
    if (handledReturnRef.current) return;
    const payment = searchParams.get("payment");
    if (payment !== "success" && payment !== "cancelled") return;
    handledReturnRef.current = true;
    if (payment === "success") {
      finishSuccessfully(null, { totalCents: null, itemCount: null });
      return;
    }
    // Cancelled: the unpaid order lapses at Stripe; the next Checkout starts a fresh one.
    forgetCheckoutAttempt();
    setSearchParams({}, { replace: true });
    useFeedbackStore.getState().show("error", { title: PAYMENT_CANCELLED_TITLE, message: PAYMENT_CANCELLED_MESSAGE });
    // Runs once, for the URL the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A guest is told to sign in (and gets the sign-in modal) instead of being sent away.
  useEffect(() => {
    if (!sessionUser.isAuthenticated) requireSignIn(() => {});
    // Once, for the visit that opened the page signed out.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Spec: an empty cart sends the shopper to the menu, replacing this history entry.
  useEffect(() => {
    if (!sessionUser.isAuthenticated) return;
    if (items.length > 0 || completingRef.current) return;
    if (searchParams.get("payment") === "success") return;
    navigate("/menu", { replace: true });
  }, [items.length, navigate, searchParams, sessionUser.isAuthenticated]);

  // A changed cart means a changed total: the server's earlier figure no longer applies.
  useEffect(() => setServerTotalCents(null), [items]);

  async function placeOrder({ phone, fulfilment = "pickup", street = "", zip = "" }: CheckoutForm) {
    setProblem(null);
    setPickupError(null);
    const lines = toOrderLines(items);
    const displayedTotalCents = cartTotalCents(items) + (fulfilment === "delivery" ? deliveryFeeCents : 0);
    const feedback = useFeedbackStore.getState();
    feedback.show("loading", { message: FEEDBACK_DEFAULT_LOADING_TEXT });
    let result: CreateOrderResponse;
    try {
      result = await createOrder.mutateAsync({
        request: {
          lines,
          phone,
          displayedTotalCents,
          pickup,
          fulfilment,
          ...(fulfilment === "delivery" ? { street, zip } : {}),
        },
        idempotencyKey: checkoutAttemptKey(lines, pickup),
      });
      if (result.order.status === "cancelled") {
        // This attempt's order lapsed unpaid; a new attempt makes a new order.
        forgetCheckoutAttempt();
        throw new Error("The order for this checkout was cancelled");
      }
    } catch (error) {
      feedback.hide();
      toast.error(CHECKOUT_FAILURE_TOAST);
      if (error instanceof ApiRequestError && REFUSAL_CODES.includes(error.code)) {
        // The shop said no (closed, paused, sold out, slot taken): show why, with what is true now.
        void useStoreStatus.getState().refresh();
        if (error.code === "slot_full" || error.code === "slot_invalid") setPickupError(error.message);
        else setProblem(error.message);
      } else if (
        error instanceof ApiRequestError &&
        (error.field === "phone" || error.field === "street" || error.field === "zip")
      ) {
        setError(error.field, { message: error.message.replace(`${error.field}: `, "") });
      } else if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
        setProblem(error.message);
      }
      return;
    }

    if (result.totalChanged) {
      setServerTotalCents(result.order.totalCents);
      toast(`Prices changed since you added these drinks. Your total is ${formatCents(result.order.totalCents)}.`);
    }
    if (result.paymentUrl) {
      setSessionUser({ phone });
      feedback.show("loading", { message: "Taking you to secure payment..." });
      goToPaymentPage(result.paymentUrl);
      return;
    }
    feedback.hide();
    finishSuccessfully(phone, {
      totalCents: result.order.totalCents,
      itemCount: result.order.itemCount,
      summary: result.order,
    });
  }

  const onCheckout = handleSubmit((values) => {
    // Normally signed in already (the cart is gated); a session that lapsed signs in first.
    requireSignIn(() => void placeOrder(values));
  });

  if (placed) {
    return (
      <div className="checkout-page">
        <div className="container checkout-page__inner">
          <h1 className="checkout-page__title">Checkout</h1>
          <section className="checkout-card checkout-placed" aria-live="polite">
            <h2>Order placed</h2>
            {placed.totalCents !== null && placed.itemCount !== null ? (
              <p>
                {placed.itemCount} {placed.itemCount === 1 ? "drink" : "drinks"}, total{" "}
                <strong data-testid="placed-total">{formatCents(placed.totalCents)}</strong>. Delivery takes{" "}
                {brand.deliveryWindow}.{placed.summary?.pickup && <> {pickupText(placed.summary.pickup)}.</>}
              </p>
            ) : (
              <p>Thank you, your payment went through. Delivery takes {brand.deliveryWindow}.</p>
            )}
          </section>
        </div>
      </div>
    );
  }

  if (!sessionUser.isAuthenticated) {
    return (
      <div className="checkout-page">
        <div className="container checkout-page__inner">
          <h1 className="checkout-page__title">Checkout</h1>
          <section className="checkout-card checkout-guest" aria-labelledby="checkout-guest-title">
            <h2 id="checkout-guest-title">Sign in to check out</h2>
            <p>Orders need a quick, one-tap sign-in with Google or Apple, so we know whose drinks they are.</p>
            <button type="button" className="btn btn--primary" onClick={() => requireSignIn(() => {})}>
              Sign in
            </button>
          </section>
        </div>
      </div>
    );
  }

  const delivering = form.watch("fulfilment") === "delivery";
  const totalCents = serverTotalCents ?? cartTotalCents(items) + (delivering ? deliveryFeeCents : 0);
  const submitting = formState.isSubmitting || createOrder.isPending;
  const phoneError = formState.errors.phone?.message;
  const notAccepting = store && !store.acceptingOrders ? storeBannerText(store) : null;

  return (
    <div className="checkout-page">
      <div className="container checkout-page__inner">
        <h1 className="checkout-page__title">Checkout</h1>
        <div className="checkout-layout">
          <section className="checkout-card" aria-labelledby="checkout-summary-title">
            <h2 id="checkout-summary-title" className="checkout-card__title">
              Order summary
            </h2>
            <ul role="list" className="checkout-lines">
              {items.map((item) => (
                <CheckoutLine key={item.id} item={item} disabled={submitting} soldOut={lineIsSoldOut(soldOut, item)} />
              ))}
            </ul>
            {delivering && (
              <p className="checkout-fee">
                <span>Delivery</span>
                <span data-testid="checkout-delivery-fee">{formatCents(deliveryFeeCents)}</span>
              </p>
            )}
            <p className="checkout-total">
              <span>Total</span>
              <span data-testid="checkout-total">{formatCents(totalCents)}</span>
            </p>
            {serverTotalCents !== null && (
              <p className="checkout-note" role="status">
                Prices have changed since these drinks were added; this is the total you pay.
              </p>
            )}
          </section>

          {notAccepting ? (
            <section className="checkout-card checkout-closed" aria-labelledby="checkout-closed-title">
              <h2 id="checkout-closed-title" className="checkout-card__title">
                We are not taking orders right now
              </h2>
              <p role="status">{notAccepting}.</p>
              <p className="muted">
                Your cart is kept for then. <Link to="/menu">Keep browsing the menu</Link>
              </p>
            </section>
          ) : (
            <form className="checkout-card checkout-form" onSubmit={onCheckout} noValidate aria-busy={submitting}>
              <h2 className="checkout-card__title">Your details</h2>
              <div className="field">
                <label className="field__label" htmlFor={phoneId}>
                  Phone number
                </label>
                <input
                  id={phoneId}
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  required
                  aria-invalid={phoneError ? true : undefined}
                  aria-describedby={phoneError ? phoneErrorId : undefined}
                  {...register("phone")}
                />
                {phoneError && (
                  <p id={phoneErrorId} className="field__error" role="alert">
                    {phoneError}
                  </p>
                )}
                <p className="field__hint">We call this number if there is a question about your order.</p>
              </div>
              {store && (
                <PickupPicker
                  value={pickup}
                  onChange={(next) => {
                    setPickup(next);
                    setPickupError(null);
                  }}
                  asapReadyAt={store.asapReadyAt}
                  slots={store.pickupSlots}
                  timeZone={store.timeZone}
                  disabled={submitting}
                  error={pickupError}
                />
              )}
              {soldOutLines.length > 0 && (
                <p className="checkout-problem" role="alert">
                  {soldOutLines.map((item) => item.name).join(", ")} {soldOutLines.length === 1 ? "is" : "are"} sold
                  out. Remove {soldOutLines.length === 1 ? "it" : "them"} from your order to continue.
                </p>
              )}
              <FulfilmentFields form={form} area={deliveryArea.data} disabled={submitting} />
              {problem && (
                <p className="checkout-problem" role="alert">
                  {problem}
                </p>
              )}
              <button
                type="submit"
                className="btn btn--primary btn--large btn--block"
                disabled={submitting || soldOutLines.length > 0}
              >
                Checkout
              </button>
              <p className="checkout-form__aside muted">
                Ready in {brand.deliveryWindow}. <Link to="/menu">Add more drinks</Link>
              </p>
            </form>
          )}
        </div>
      </div>
    </div>
  );
}

function CheckoutLine({ item, disabled, soldOut }: { item: CartItem; disabled: boolean; soldOut: boolean }) {
  const removeItem = useCartStore((state) => state.removeItem);
  const what = cartLineLabel(item);
  return (
    <li className="checkout-line">
      <img className="checkout-line__image" src={item.image} alt="" width={56} height={56} />
      <div className="checkout-line__info">
        <p className="checkout-line__name">{item.name}</p>
        <p className="checkout-line__meta">
          {sizeLabel(item.size)} · {formatCents(item.priceCents)}
        </p>
        {item.comment && <p className="checkout-line__note">“{item.comment}”</p>}
        {soldOut && <p className="checkout-line__sold-out">Sold out: remove it to continue</p>}
      </div>
      <div className="checkout-line__quantity">
        <QuantityStepper item={item} label={what} disabled={disabled} />
      </div>
      <p className="checkout-line__subtotal">{formatCents(item.priceCents * item.quantity)}</p>
      <div className="checkout-line__remove">
        <RemoveLineButton label={`Remove ${what}`} disabled={disabled} onRemove={() => removeItem(item.id)} />
      </div>
    </li>
  );
}
