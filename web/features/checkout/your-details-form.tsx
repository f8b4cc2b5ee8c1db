import type { FormEvent } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { CheckoutForm, PickupRequest } from "#common/forms/checkout";
import type { DeliveryArea } from "#common/fulfilment";
import type { PaymentMethod } from "#common/payment-methods";
import type { TipChoice } from "#common/tips";
import { Link } from "#web/components/link";
import { shopBannerText } from "#web/shared-features/shop-status/shop-banner";
import { useChosenShop } from "#web/shared-features/shop-picker/use-chosen-shop";
import { deviceTimeZone } from "#common/hours/shop-clock";
import { FulfilmentFields } from "./fulfilment-fields";
import { OrderTooLarge } from "./order-too-large";
import { PaymentNote } from "./payment-note";
import { PhoneField } from "./phone-field";
import { PickupPicker } from "./pickup-picker";
import { TipPicker } from "./tip-picker";
import type { CheckoutAvailability } from "./use-checkout-availability";
import { WAITING_FOR_NETWORK, type usePlaceOrder } from "./use-place-order";

interface YourDetailsFormProps {
  form: UseFormReturn<CheckoutForm>;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  submitting: boolean;
  delivering: boolean;
  availability: CheckoutAvailability;
  area: DeliveryArea | undefined;
  pickup: PickupRequest;
  setPickup(next: PickupRequest): void;
  tipChoice: TipChoice;
  setTipChoice(next: TipChoice): void;
  /** What is wrong with a custom tip, if anything. */
  tipError: string | undefined;
  subtotalCents: number;
  /** A promo code takes something off the drinks: the tips say they are on the subtotal before it. */
  discounted: boolean;
  totalCents: number;
  /** How the shop takes payment, once known. */
  accepts: PaymentMethod | undefined;
  ordering: ReturnType<typeof usePlaceOrder>;
}

/** The checkout's form: phone, pickup or delivery, the time, the tip, what the order costs and its button. */
export function YourDetailsForm(props: YourDetailsFormProps) {
  const { form, submitting, delivering, availability, ordering, totalCents, accepts } = props;
  const { shop, overLimit } = availability;
  const tooLarge = overLimit ?? ordering.tooLarge;
  const fulfilment = delivering ? "delivery" : "pickup";
  const shopName = useChosenShop()?.shop?.name;
  return (
    <form className="checkout-card checkout-form" onSubmit={props.onSubmit} noValidate aria-busy={submitting}>
      <h2 className="checkout-card__title">Your details</h2>
      <PhoneField form={form} />
      {availability.ordersAhead && (
        <p className="checkout-ahead" role="status" data-testid="checkout-ahead">
          {shopBannerText(shop, new Date(), { shopName, device: deviceTimeZone() })}. Order now for a time ahead.
        </p>
      )}
      <FulfilmentFields form={form} area={props.area} disabled={submitting} />
      {shop && (
        <PickupPicker
          value={props.pickup}
          onChange={(next) => {
            props.setPickup(next);
            ordering.clearPickupError();
          }}
          asapReadyAt={availability.asapReadyAt}
          days={availability.days}
          now={new Date(shop.now)}
          fulfilment={fulfilment}
          drinks={availability.drinks}
          drinkLimits={availability.drinkLimits}
          timeZone={shop.timeZone}
          disabled={submitting}
          error={ordering.pickupError}
          daysFailed={availability.daysFailed}
          onRetryDays={availability.retryDays}
        />
      )}
      <TipPicker
        subtotalCents={props.subtotalCents}
        value={props.tipChoice}
        onChange={props.setTipChoice}
        error={props.tipError}
        payOnPickup={accepts === "on_pickup"}
        discounted={props.discounted}
        disabled={submitting}
      />
      {ordering.problem && (
        <p className="checkout-problem" role="alert">
          {ordering.problem}
        </p>
      )}
      {tooLarge && <OrderTooLarge message={tooLarge} phone={availability.shopPhone} />}
      {ordering.isWaitingForNetwork ? (
        <p className="checkout-problem" role="status">
          {WAITING_FOR_NETWORK}
        </p>
      ) : (
        <PaymentNote accepts={accepts} fulfilment={fulfilment} totalCents={totalCents} />
      )}
      <button
        type="submit"
        className="btn btn--primary btn--large btn--block"
        disabled={submitting || overLimit !== null || props.tipError !== undefined}
      >
        Checkout
      </button>
      <p className="checkout-form__aside muted">
        <Link to="/menu">Add more drinks</Link>
      </p>
    </form>
  );
}
