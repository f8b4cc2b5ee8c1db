import { useEffect, useEffectEvent, useId, useRef, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Link } from "#web/components/link";
import { isSoldOut, type SoldOutItem } from "#common/availability";
import { deviceTimeZone } from "#common/hours/shop-clock";
import { whenAndWhere } from "#common/order-timing";
import { DEFAULT_DRINK_LIMITS, drinkCount, overDrinkLimitMessage } from "#common/order-size";
import { sizeLabel } from "#common/catalog";
import { isOutsideDeliveryArea } from "#common/fulfilment";
import { optionsSummary, withOptionNames } from "#common/modifiers";
import { formatCents } from "#common/money";
import { usePageMeta } from "#web/lib/use-page-meta";
import { useSessionStore } from "#web/lib/session-store";
import { useHydrated } from "#web/lib/use-hydrated";
import { useAuthGate } from "#web/lib/sign-in-gate/use-auth-gate";
import { cartLineLabel, useCartStore, type CartItem } from "#web/lib/cart-store";
import { cartTotalCents } from "#web/lib/cart-total";
import { QuantityStepper, RemoveLineButton } from "#web/components/quantity-stepper/quantity-stepper";
import { useSoldOut } from "#web/components/shop-status/sold-out";
import { useSoldOutOptions } from "#web/components/shop-status/sold-out-options";
import { shopBannerText } from "#web/components/shop-status/shop-banner";
import { useShopStatus } from "#web/components/shop-status/shop-status-store";
import { useDeliveryArea } from "./api/get-delivery-area";
import { usePickupDays } from "./api/get-pickup-days";
import { FulfilmentFields } from "./fulfilment-fields";
import { OrderTooLarge } from "./order-too-large";
import { firstSlotAhead, slotStillTakes } from "./pickup-days";
import { DAYS_NOT_LOADED, PickupPicker } from "./pickup-picker";
import { usePaymentMethods } from "#web/lib/get-payment-methods";
import { PaymentNote } from "./payment-note";
import { TipPicker, tipRequestOf } from "./tip-picker";
import { useCheckoutDraft } from "./use-checkout-draft";
import { SOLD_OUT_LINE_TEXT, soldOutOptionText, usePlaceOrder, WAITING_FOR_NETWORK } from "./use-place-order";
import { useOrderSuccess, type PlacedOrder } from "./use-order-success";
import { useStripeReturn } from "./use-stripe-return";
import "./checkout.css";
import { DrinkImage } from "#web/components/drink-image";

function lineIsSoldOut(soldOut: SoldOutItem[], item: CartItem): boolean {
  return isSoldOut(soldOut, item.productId, item.size as never);
}

/** What the shop's state says of a line: its drink or size sold out, or an option it is made with. */
function soldOutText(soldOut: SoldOutItem[], soldOutOptions: ReadonlySet<string>, item: CartItem): string | undefined {
  if (lineIsSoldOut(soldOut, item)) return SOLD_OUT_LINE_TEXT;
  const option = item.options?.find((each) => soldOutOptions.has(each.id));
  return option ? soldOutOptionText(option.name) : undefined;
}

export default function CheckoutPage() {
  usePageMeta("Checkout", "Review your drinks, add your phone number and place your Squeeze order.");
  const items = useCartStore((state) => state.items);
  const sessionUser = useSessionStore((state) => state.user);
  // The cart and the session are the browser's: the server's HTML shows the page loading them.
  const hydrated = useHydrated();
  const requireSignIn = useAuthGate();
  const navigate = useNavigate();
  const deliveryArea = useDeliveryArea();
  const deliveryFeeCents = deliveryArea.data?.deliveryFeeCents ?? 0;
  const phoneId = useId();
  const phoneErrorId = useId();
  // What is typed and chosen is kept with the cart: a reload, a sign-in or a failed attempt loses nothing.
  const { form, pickup, setPickup, tipChoice, setTipChoice } = useCheckoutDraft(sessionUser.phone);
  const subtotalCents = cartTotalCents(items);
  const tip = tipRequestOf(tipChoice, subtotalCents);
  const paymentMethods = usePaymentMethods(true);
  const store = useShopStatus((state) => state.status);
  // The days ahead are their own request, polled while the checkout is open (docs/decisions/0017).
  const pickupDays = usePickupDays();
  const days = pickupDays.data;
  const soldOut = useSoldOut();
  const soldOutOptions = useSoldOutOptions();
  const drinks = drinkCount(items);
  const drinkLimits = store?.drinkLimits ?? DEFAULT_DRINK_LIMITS;

  const { register, handleSubmit, formState } = form;
  const linesRef = useRef<HTMLUListElement>(null);

  const { placed, finish, isCompleting } = useOrderSuccess();
  const { returningPaid } = useStripeReturn(finish);
  const ordering = usePlaceOrder({
    items,
    form,
    pickup,
    deliveryFeeCents,
    tip: { request: tip.tip, cents: tip.cents },
    finish,
  });
  const lineProblem = (item: CartItem): string | undefined =>
    ordering.lineProblems[item.id] ?? soldOutText(soldOut, soldOutOptions, item);
  const problemLineIds = items.filter((item) => lineProblem(item) !== undefined).map((item) => item.id);

  // The shop's state as of now, before the shopper fills anything in.
  useEffect(() => {
    void useShopStatus.getState().refresh();
  }, []);

  // A chosen slot that filled up, passed or cannot make the cart's drinks any more goes back to
  // "as soon as possible"; while the shop is closed, to the first time ahead that can make them.
  // Until the days have answered, the choice stays as it is.
  // "As soon as possible" is offered only when it can be ready before closing (the server's word).
  const asapReadyAt = ordering.asapRefused ? null : (store?.asapReadyAt ?? null);
  useEffect(() => {
    if (!store || !days) return;
    if (pickup.mode === "slot" && slotStillTakes(days, pickup.startsAt, drinks, drinkLimits)) return;
    const first = asapReadyAt ? undefined : firstSlotAhead(days, drinks, drinkLimits);
    if (first) setPickup({ mode: "slot", startsAt: first });
    else if (pickup.mode === "slot") setPickup({ mode: "asap" });
  }, [store, days, pickup, setPickup, drinks, drinkLimits, asapReadyAt]);

  // A guest is told to sign in (and gets the sign-in modal) instead of being sent away: once, for
  // the visit that opened the page signed out.
  const promptGuest = useEffectEvent(() => {
    if (!sessionUser.isAuthenticated) requireSignIn(() => {});
  });
  useEffect(() => promptGuest(), []);

  // Spec: an empty cart sends the shopper to the menu, replacing this history entry.
  useEffect(() => {
    if (!sessionUser.isAuthenticated || returningPaid) return;
    if (items.length > 0 || isCompleting()) return;
    navigate("/menu", { replace: true });
  }, [items.length, navigate, returningPaid, sessionUser.isAuthenticated, isCompleting]);

  const submitOrder = handleSubmit((values) => {
    if (values.fulfilment === "delivery" && isOutsideDeliveryArea(deliveryArea.data, values.zip ?? "")) {
      form.setFocus("zip");
      return;
    }
    // Normally signed in already (the cart is gated); a session that lapsed signs in first.
    requireSignIn(() => void ordering.placeOrder(values));
  });
  const onCheckout = (event: FormEvent<HTMLFormElement>) => {
    // A line that cannot be ordered says so under itself; the way out is its Remove button.
    if (problemLineIds.length > 0) {
      event.preventDefault();
      const line = [...(linesRef.current?.children ?? [])].find(
        (element) => element.getAttribute("data-line-id") === problemLineIds[0],
      );
      line?.querySelector<HTMLButtonElement>(".remove-line-button")?.focus();
      return;
    }
    void submitOrder(event);
  };

  if (!hydrated) return <CheckoutLoading />;
  if (placed) return <OrderPlaced placed={placed} />;

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
  const totalCents = ordering.serverTotalCents ?? subtotalCents + (delivering ? deliveryFeeCents : 0) + tip.cents;
  const submitting = formState.isSubmitting || ordering.isPending;
  const phoneError = formState.errors.phone?.message;
  // Closed now, the shop still takes orders for a time ahead; paused, it takes none (docs/decisions/0017).
  const closedNow = store?.reason === "closed";
  const ordersAhead = closedNow && !!days && firstSlotAhead(days, drinks, drinkLimits) !== undefined;
  // Closed, the days decide between the form and "not taking orders": a moment's wait, not a dead end.
  const lookingAhead = closedNow && !days && pickupDays.isPending;
  const daysFailed = !days && pickupDays.isError;
  const notAccepting = store && !store.acceptingOrders && !ordersAhead && !lookingAhead ? shopBannerText(store) : null;
  const shopPhone = store?.phone ?? null;
  // Over the shop's drinks per online order: said before the shopper tries, in the server's words.
  const overLimit = drinks > drinkLimits.perOrder ? overDrinkLimitMessage(drinks, drinkLimits, shopPhone) : null;
  const tooLarge = overLimit ?? ordering.tooLarge;

  return (
    <div className="checkout-page">
      <div className="container checkout-page__inner">
        <h1 className="checkout-page__title">Checkout</h1>
        <div className="checkout-layout">
          <section className="checkout-card" aria-labelledby="checkout-summary-title">
            <h2 id="checkout-summary-title" className="checkout-card__title">
              Order summary
            </h2>
            <ul role="list" className="checkout-lines" ref={linesRef}>
              {items.map((item) => (
                <CheckoutLine key={item.id} item={item} disabled={submitting} problem={lineProblem(item)} />
              ))}
            </ul>
            {delivering && (
              <p className="checkout-fee">
                <span>Delivery</span>
                <span data-testid="checkout-delivery-fee">{formatCents(deliveryFeeCents)}</span>
              </p>
            )}
            {tip.cents > 0 && (
              <p className="checkout-fee">
                <span>Tip</span>
                <span data-testid="checkout-tip">{formatCents(tip.cents)}</span>
              </p>
            )}
            <p className="checkout-total">
              <span>Total</span>
              <span data-testid="checkout-total">{formatCents(totalCents)}</span>
            </p>
            {ordering.serverTotalCents !== null && (
              <p className="checkout-note" role="status">
                Prices have changed since these drinks were added; this is the total you pay.
              </p>
            )}
          </section>

          {lookingAhead ? (
            <div className="checkout-card checkout-looking-ahead skeleton" aria-busy="true">
              <p className="visually-hidden" role="status">
                Looking for pickup times ahead…
              </p>
            </div>
          ) : notAccepting ? (
            <section className="checkout-card checkout-closed" aria-labelledby="checkout-closed-title">
              <h2 id="checkout-closed-title" className="checkout-card__title">
                We are not taking orders right now
              </h2>
              <p role="status">{notAccepting}.</p>
              {closedNow && daysFailed && (
                <p className="field__error" role="alert">
                  {DAYS_NOT_LOADED}{" "}
                  <button type="button" className="btn btn--ghost btn--small" onClick={() => void pickupDays.refetch()}>
                    Try again
                  </button>
                </p>
              )}
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
              {ordersAhead && (
                <p className="checkout-ahead" role="status" data-testid="checkout-ahead">
                  {shopBannerText(store)}. Order now for a time ahead.
                </p>
              )}
              <FulfilmentFields form={form} area={deliveryArea.data} disabled={submitting} />
              {store && (
                <PickupPicker
                  value={pickup}
                  onChange={(next) => {
                    setPickup(next);
                    ordering.clearPickupError();
                  }}
                  asapReadyAt={asapReadyAt}
                  days={days}
                  now={new Date(store.now)}
                  fulfilment={delivering ? "delivery" : "pickup"}
                  drinks={drinks}
                  drinkLimits={drinkLimits}
                  timeZone={store.timeZone}
                  disabled={submitting}
                  error={ordering.pickupError}
                  daysFailed={daysFailed}
                  onRetryDays={() => void pickupDays.refetch()}
                />
              )}
              <TipPicker
                subtotalCents={subtotalCents}
                value={tipChoice}
                onChange={setTipChoice}
                error={tip.error}
                payOnPickup={paymentMethods.data?.accepts === "on_pickup"}
                disabled={submitting}
              />
              {ordering.problem && (
                <p className="checkout-problem" role="alert">
                  {ordering.problem}
                </p>
              )}
              {tooLarge && <OrderTooLarge message={tooLarge} phone={shopPhone} />}
              {ordering.isWaitingForNetwork ? (
                <p className="checkout-problem" role="status">
                  {WAITING_FOR_NETWORK}
                </p>
              ) : (
                <PaymentNote
                  accepts={paymentMethods.data?.accepts}
                  fulfilment={delivering ? "delivery" : "pickup"}
                  totalCents={totalCents}
                />
              )}
              <button
                type="submit"
                className="btn btn--primary btn--large btn--block"
                disabled={submitting || overLimit !== null || tip.error !== undefined}
              >
                Checkout
              </button>
              <p className="checkout-form__aside muted">
                <Link to="/menu">Add more drinks</Link>
              </p>
            </form>
          )}
        </div>
      </div>
    </div>
  );
}

/** Where the page stands once the order is placed, under the success modal, until it returns to the menu. */
function OrderPlaced({ placed }: { placed: PlacedOrder }) {
  const { order } = placed;
  const whenWhere = order ? whenAndWhere(order, { deviceTimeZone: deviceTimeZone() }) : null;
  return (
    <div className="checkout-page">
      <div className="container checkout-page__inner">
        <h1 className="checkout-page__title">Checkout</h1>
        <section className="checkout-card checkout-placed" aria-live="polite">
          <h2>Order placed</h2>
          {order ? (
            <p>
              {order.itemCount} {order.itemCount === 1 ? "drink" : "drinks"}, total{" "}
              <strong data-testid="placed-total">{formatCents(order.totalCents)}</strong>
              {order.tipCents > 0 && <> (tip {formatCents(order.tipCents)})</>}.{whenWhere && <> {whenWhere}</>}
            </p>
          ) : (
            <p>Thank you, your payment went through.</p>
          )}
        </section>
      </div>
    </div>
  );
}

function CheckoutLine({ item, disabled, problem }: { item: CartItem; disabled: boolean; problem: string | undefined }) {
  const removeItem = useCartStore((state) => state.removeItem);
  const what = withOptionNames(cartLineLabel(item), item.options);
  const options = optionsSummary(item.options);
  return (
    <li className="checkout-line" data-line-id={item.id}>
      <DrinkImage className="checkout-line__image" src={item.image} alt="" width={56} height={56} />
      <div className="checkout-line__info">
        <p className="checkout-line__name">{item.name}</p>
        <p className="checkout-line__meta">
          {sizeLabel(item.size)} · {formatCents(item.priceCents)}
        </p>
        {options && <p className="checkout-line__options">{options}</p>}
        {item.comment && <p className="checkout-line__note">“{item.comment}”</p>}
        {problem && (
          <p className="checkout-line__sold-out" role="alert">
            {problem}
          </p>
        )}
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

/** The page before the browser's cart and session are known: its heading and its two cards, loading. */
function CheckoutLoading() {
  return (
    <div className="checkout-page">
      <div className="container checkout-page__inner">
        <h1 className="checkout-page__title">Checkout</h1>
        <div className="checkout-layout" aria-busy="true">
          <p className="visually-hidden">Loading your order…</p>
          <div className="checkout-card skeleton" style={{ height: 260 }} />
          <div className="checkout-card skeleton" style={{ height: 360 }} />
        </div>
      </div>
    </div>
  );
}
