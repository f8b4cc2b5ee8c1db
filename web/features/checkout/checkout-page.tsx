import { orderTotalCents } from "#common/order-total";
import { usePaymentMethods } from "#web/shared-features/payment-methods/api/get-payment-methods";
import { useSessionStore } from "#web/lib/session-store";
import { useAuthGate } from "#web/lib/sign-in-gate/use-auth-gate";
import { useCartStore } from "#web/lib/cart-store";
import { cartTotalCents } from "#web/lib/cart-total";
import { useHydrated } from "#web/lib/use-hydrated";
import { usePageMeta } from "#web/lib/use-page-meta";
import { useDeliveryArea } from "./api/get-delivery-area";
import { CheckoutClosed, CheckoutLookingAhead } from "./checkout-closed";
import { CheckoutFrame } from "./checkout-frame";
import { CheckoutGuest } from "./checkout-guest";
import { CheckoutLoading } from "./checkout-loading";
import { CheckoutSummary } from "./checkout-summary";
import { OrderPlaced } from "./order-placed";
import { tipRequestOf } from "./tip-picker";
import { useCheckoutAccess } from "./use-checkout-access";
import { useCheckoutAvailability } from "./use-checkout-availability";
import { useCheckoutDraft } from "./use-checkout-draft";
import { useCheckoutSubmit } from "./use-checkout-submit";
import { useLineProblems } from "./use-line-problems";
import { useOrderSuccess } from "./use-order-success";
import { usePickupStaysPossible } from "./use-pickup-stays-possible";
import { usePlaceOrder } from "./use-place-order";
import { usePromoCode } from "./use-promo-code";
import { useRewardChoice } from "./use-reward-choice";
import { useStripeReturn } from "./use-stripe-return";
import { YourDetailsForm } from "./your-details-form";
import { NeedsConnection } from "#web/components/needs-connection/needs-connection";
import { CartShopLine, CartShopNotice } from "#web/shared-features/shop-picker/cart-shop";
import { useShopsSettled } from "#web/shared-features/shop-picker/use-chosen-shop";
import "./checkout.css";

export default function CheckoutPage() {
  usePageMeta("Checkout", "Review your drinks, add your phone number and place your Squeeze order.");
  const items = useCartStore((state) => state.items);
  const sessionUser = useSessionStore((state) => state.user);
  // The cart and the session are the browser's: the server's HTML shows the page loading them.
  const hydrated = useHydrated();
  const requireSignIn = useAuthGate();
  // The shop line above the lines and the free drink on one of them come with the shop list and
  // the stamp card: the page waits for both rather than move its buttons from under a finger.
  const shopsSettled = useShopsSettled();
  const deliveryArea = useDeliveryArea();
  const deliveryFeeCents = deliveryArea.data?.deliveryFeeCents ?? 0;
  // What is typed and chosen is kept with the cart: a reload, a sign-in or a failed attempt loses nothing.
  const { form, pickup, setPickup, tipChoice, setTipChoice } = useCheckoutDraft(sessionUser.phone);
  const subtotalCents = cartTotalCents(items);
  const tip = tipRequestOf(tipChoice, subtotalCents);
  const paymentMethods = usePaymentMethods(true);
  const promo = usePromoCode();
  const reward = useRewardChoice({ items, signedIn: sessionUser.isAuthenticated, removePromoCode: promo.remove });

  const { placed, finish, isCompleting } = useOrderSuccess();
  const { returningPaid } = useStripeReturn(finish);
  const ordering = usePlaceOrder({
    items,
    form,
    pickup,
    deliveryFeeCents,
    tip: { request: tip.tip, cents: tip.cents },
    promo: {
      code: promo.sentCode,
      discountCents: promo.discountCents,
      isChecking: promo.isChecking,
      onRefused: promo.recheck,
    },
    reward: {
      request: reward.request,
      discountCents: reward.discountCents,
      isPricing: reward.isPricing,
      onRefused: reward.onRefused,
    },
    finish,
  });
  const availability = useCheckoutAvailability(items, ordering.asapRefused);
  usePickupStaysPossible(availability, pickup, setPickup);
  useCheckoutAccess({
    signedIn: sessionUser.isAuthenticated,
    lineCount: items.length,
    requireSignIn,
    returningPaid,
    isCompleting,
  });
  const { lineProblem, problemLineIds } = useLineProblems(items, ordering.lineProblems);
  const { linesRef, onCheckout } = useCheckoutSubmit({
    form,
    area: deliveryArea.data,
    ordering,
    problemLineIds,
    requireSignIn,
  });

  if (!hydrated || !shopsSettled || !reward.settled) return <CheckoutLoading />;
  if (placed) return <OrderPlaced placed={placed} />;
  if (!sessionUser.isAuthenticated) return <CheckoutGuest onSignIn={() => requireSignIn(() => {})} />;

  const delivering = form.watch("fulfilment") === "delivery";
  const totalCents =
    ordering.serverTotalCents ??
    orderTotalCents({
      subtotalCents,
      discountCents: promo.discountCents + reward.discountCents,
      deliveryFeeCents: delivering ? deliveryFeeCents : 0,
      tipCents: tip.cents,
    });
  const submitting = form.formState.isSubmitting || ordering.isPending;

  return (
    <CheckoutFrame>
      <NeedsConnection>
        Checkout needs a connection to send your order. Your cart and everything you type here stay on this device until
        you are back online.
      </NeedsConnection>
      <div className="checkout-shop">
        <CartShopLine />
        <CartShopNotice items={items} />
      </div>
      <div className="checkout-layout">
        <CheckoutSummary
          items={items}
          lineProblem={lineProblem}
          linesRef={linesRef}
          submitting={submitting}
          delivering={delivering}
          deliveryFeeCents={deliveryFeeCents}
          tipCents={tip.cents}
          totalCents={totalCents}
          pricesChanged={ordering.serverTotalCents !== null}
          promo={promo}
          promoRefusal={ordering.promoRefusal}
          onPromoChanged={() => {
            // A promo code and the free drink do not combine: the code the shopper applies wins.
            ordering.clearPromoRefusal();
            reward.stop();
          }}
          reward={reward}
          rewardRefusal={ordering.rewardRefusal}
        />
        {availability.lookingAhead ? (
          <CheckoutLookingAhead />
        ) : availability.notAccepting ? (
          <CheckoutClosed
            message={availability.notAccepting}
            daysFailed={availability.closedNow && availability.daysFailed}
            onRetryDays={availability.retryDays}
          />
        ) : (
          <YourDetailsForm
            form={form}
            onSubmit={onCheckout}
            submitting={submitting}
            delivering={delivering}
            availability={availability}
            area={deliveryArea.data}
            pickup={pickup}
            setPickup={setPickup}
            tipChoice={tipChoice}
            setTipChoice={setTipChoice}
            tipError={tip.error}
            subtotalCents={subtotalCents}
            discounted={promo.discountCents + reward.discountCents > 0}
            totalCents={totalCents}
            accepts={paymentMethods.data?.accepts}
            ordering={ordering}
          />
        )}
      </div>
    </CheckoutFrame>
  );
}
