import { useId } from "react";
import type { PickupDay } from "#common/availability";
import type { PickupRequest } from "#common/forms/checkout";
import { clockDiffers, deviceTimeZone, whoseClock } from "#common/hours/shop-clock";
import { useChosenShop } from "#web/shared-features/shop-picker/use-chosen-shop";
import type { FulfilmentMethod } from "#common/fulfilment";
import { makingPlan, type DrinkLimits } from "#common/order-size";
import { AsapLabel, LaterLabel } from "./pickup-option-labels";
import { pickupDayLabel } from "./pickup-days";
import { PickupSlotSelects } from "./pickup-slot-selects";

/** Said where the days would be when GET /api/pickup-days fails before it has ever answered. */
export const DAYS_NOT_LOADED = "We could not load the pickup times ahead. Check your connection; we keep trying.";

/**
 * When to pick the order up (or, for a delivery, when it leaves the shop): as soon as possible (with the time the shop expects it ready, from
 * the queue on the board; not offered while the shop is closed), or a 15-minute slot on one of
 * the days ahead: a day first, then its time (docs/decisions/0017-order-ahead.md). A closed day is
 * not listed; a full slot, or one too soon to make this many drinks for (common/order-size.ts),
 * is listed but cannot be chosen, and a day none of whose slots can is listed likewise. The days
 * come from their own request (GET /api/pickup-days): until it answers, "as soon as possible" is
 * the choice and the days say they are loading; if it fails, they say so.
 */
export function PickupPicker({
  value,
  onChange,
  asapReadyAt,
  days,
  drinks,
  drinkLimits,
  timeZone,
  now,
  fulfilment = "pickup",
  disabled = false,
  error,
  daysFailed = false,
  onRetryDays,
}: {
  value: PickupRequest;
  onChange(value: PickupRequest): void;
  /** Null while the shop is closed, or when an order now could be ready only after closing: only a time ahead. */
  asapReadyAt: string | null;
  /** Undefined until GET /api/pickup-days has answered. */
  days: PickupDay[] | undefined;
  /** The cart's drinks: a large order can only be picked up once the counter has had time to make it. */
  drinks: number;
  drinkLimits: DrinkLimits;
  timeZone: string;
  /** The shop's clock, to word the days ("Today", "Tomorrow"). */
  now: Date;
  /** A delivery goes out at the chosen time, or as soon as it is ready, within the delivery window. */
  fulfilment?: FulfilmentMethod;
  disabled?: boolean;
  error?: string | null;
  /** The days ahead could not be loaded (and none were before). */
  daysFailed?: boolean;
  onRetryDays?(): void;
}) {
  const name = useId();
  const errorId = useId();
  const shopName = useChosenShop()?.shop?.name;
  const daysErrorId = useId();
  const loading = days === undefined;
  const takes = (days ?? []).map((day) =>
    day.slots.map((_, index) => makingPlan(day.slots, index, drinks, drinkLimits) !== null),
  );
  const firstOpenOf = (dayIndex: number) => days?.[dayIndex]?.slots[takes[dayIndex]!.indexOf(true)]?.startsAt;
  const firstDay = takes.findIndex((day) => day.includes(true));
  const firstOpen = firstOpenOf(firstDay);
  const onlyToday =
    !!days && days.length > 0 && days.every((day) => pickupDayLabel(day.date, now, timeZone) === "Today");
  const later = onlyToday ? "Later today" : "Pick a day and time";
  const chosenDay =
    value.mode === "slot" && days
      ? days.findIndex((day) => day.slots.some((slot) => slot.startsAt === value.startsAt))
      : -1;
  const delivering = fulfilment === "delivery";

  return (
    <fieldset className="pickup-picker" disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{delivering ? "Delivery time" : "Pickup time"}</legend>
      {asapReadyAt && (
        <label className="pickup-picker__option">
          <input type="radio" name={name} checked={value.mode === "asap"} onChange={() => onChange({ mode: "asap" })} />
          <AsapLabel asapReadyAt={asapReadyAt} fulfilment={fulfilment} timeZone={timeZone} />
        </label>
      )}
      <label className="pickup-picker__option">
        <input
          type="radio"
          name={name}
          checked={value.mode === "slot"}
          disabled={!firstOpen}
          aria-describedby={daysFailed ? daysErrorId : undefined}
          onChange={() => firstOpen && onChange({ mode: "slot", startsAt: firstOpen })}
        />
        <LaterLabel
          later={later}
          days={days}
          daysFailed={daysFailed}
          canTake={!!firstOpen}
          onlyToday={onlyToday}
          drinks={drinks}
        />
      </label>
      {loading && daysFailed && (
        <p id={daysErrorId} className="field__error pickup-picker__days-error" role="alert">
          {DAYS_NOT_LOADED}{" "}
          {onRetryDays && (
            <button type="button" className="btn btn--ghost btn--small" onClick={onRetryDays}>
              Try again
            </button>
          )}
        </p>
      )}
      {days && value.mode === "slot" && chosenDay >= 0 && (
        <PickupSlotSelects
          days={days}
          takes={takes}
          chosenDay={chosenDay}
          startsAt={value.startsAt}
          onChange={onChange}
          firstOpenOf={firstOpenOf}
          onlyToday={onlyToday}
          delivering={delivering}
          drinks={drinks}
          now={now}
          timeZone={timeZone}
          invalid={!!error}
        />
      )}
      {clockDiffers(now, timeZone, deviceTimeZone()) && (
        <p className="field__hint" data-testid="pickup-clock">
          Times are {whoseClock(timeZone, now, shopName)}, the shop&apos;s clock.
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
