import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  checkoutFormSchema,
  type CheckoutForm,
  type CreateOrderResponse,
  type OrderRequest,
} from "../../../common/forms/checkout";
import { sizeLabel } from "../../../common/catalog";
import { formatCents } from "../../../common/money";
import { usePageMeta } from "../../app/use-page-meta";
import { FEEDBACK_DEFAULT_LOADING_TEXT, useFeedbackStore } from "../../components/feedback/feedback-store";
import { brand } from "../../config/brand";
import { ApiRequestError } from "../../lib/api-client";
import { useSessionStore } from "../auth/session-store";
import { useAuthGate } from "../auth/use-auth-gate";
import { cartTotalCents, useCartStore, type CartItem } from "../cart/cart-store";
import { QuantityStepper, RemoveLineButton } from "../cart/quantity-stepper";
import { useCreateOrder } from "./api/create-order";
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
  const phoneId = useId();
  const phoneErrorId = useId();

  // Set before the cart is emptied by a successful order: the success flow navigates itself.
  const completingRef = useRef(false);
  const handledReturnRef = useRef(false);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const [serverTotalCents, setServerTotalCents] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const form = useForm<CheckoutForm>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: { phone: sessionUser.phone },
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
    useFeedbackStore.getState().show("success", { message: CHECKOUT_SUCCESS_MESSAGE });
    // Not cancelled on unmount: the shopper is on their way to the menu either way.
    window.setTimeout(() => navigate("/menu"), POST_ORDER_REDIRECT_MS);
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
  }, []);

  // Spec: an empty cart sends the shopper to the menu, replacing this history entry.
  useEffect(() => {
    if (items.length > 0 || completingRef.current) return;
    if (searchParams.get("payment") === "success") return;
    navigate("/menu", { replace: true });
  }, [items.length, navigate, searchParams]);

  // A changed cart means a changed total: the server's earlier figure no longer applies.
  useEffect(() => setServerTotalCents(null), [items]);

  async function placeOrder({ phone }: CheckoutForm) {
    setProblem(null);
    const lines = toOrderLines(items);
    const displayedTotalCents = cartTotalCents(items);
    const feedback = useFeedbackStore.getState();
    feedback.show("loading", { message: FEEDBACK_DEFAULT_LOADING_TEXT });
    let result: CreateOrderResponse;
    try {
      result = await createOrder.mutateAsync({
        request: { lines, phone, displayedTotalCents },
        idempotencyKey: checkoutAttemptKey(lines),
      });
      if (result.order.status === "cancelled") {
        // This attempt's order lapsed unpaid; a new attempt makes a new order.
        forgetCheckoutAttempt();
        throw new Error("The order for this checkout was cancelled");
      }
    } catch (error) {
      feedback.hide();
      toast.error(CHECKOUT_FAILURE_TOAST);
      if (error instanceof ApiRequestError && error.field === "phone") {
        setError("phone", { message: error.message.replace(/^phone: /, "") });
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
    finishSuccessfully(phone, { totalCents: result.order.totalCents, itemCount: result.order.itemCount });
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
                {brand.deliveryWindow}.
              </p>
            ) : (
              <p>Thank you, your payment went through. Delivery takes {brand.deliveryWindow}.</p>
            )}
          </section>
        </div>
      </div>
    );
  }

  const totalCents = serverTotalCents ?? cartTotalCents(items);
  const submitting = formState.isSubmitting || createOrder.isPending;
  const phoneError = formState.errors.phone?.message;

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
                <CheckoutLine key={item.id} item={item} disabled={submitting} />
              ))}
            </ul>
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
            {problem && (
              <p className="checkout-problem" role="alert">
                {problem}
              </p>
            )}
            <button type="submit" className="btn btn--primary btn--large btn--block" disabled={submitting}>
              Checkout
            </button>
            <p className="checkout-form__aside muted">
              Ready in {brand.deliveryWindow}. <Link to="/menu">Add more drinks</Link>
            </p>
          </form>
        </div>
      </div>
    </div>
  );
}

function CheckoutLine({ item, disabled }: { item: CartItem; disabled: boolean }) {
  const removeItem = useCartStore((state) => state.removeItem);
  const what = `${item.name} (${sizeLabel(item.size)})`;
  return (
    <li className="checkout-line">
      <img className="checkout-line__image" src={item.image} alt="" width={56} height={56} />
      <div className="checkout-line__info">
        <p className="checkout-line__name">{item.name}</p>
        <p className="checkout-line__meta">
          {sizeLabel(item.size)} · {formatCents(item.priceCents)}
        </p>
        {item.comment && <p className="checkout-line__note">“{item.comment}”</p>}
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
