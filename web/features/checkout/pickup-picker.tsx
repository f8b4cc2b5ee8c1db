import { useId } from "react";
import type { PickupSlot } from "#common/availability";
import type { PickupRequest } from "#common/forms/checkout";
import { formatTimeIn } from "#common/hours/format";
import { drinksLabel, makingPlan, type DrinkLimits } from "#common/order-size";

/**
 * When to pick the order up: as soon as possible (with the time the shop expects it ready,
 * from the queue on the board), or one of today's 15-minute slots. A full slot, or one too soon
 * to make this many drinks for (common/order-size.ts), is listed but cannot be chosen.
 */
export function PickupPicker({
  value,
  onChange,
  asapReadyAt,
  slots,
  drinks,
  drinkLimits,
  timeZone,
  disabled = false,
  error,
}: {
  value: PickupRequest;
  onChange(value: PickupRequest): void;
  asapReadyAt: string | null;
  slots: PickupSlot[];
  /** The cart's drinks: a large order can only be picked up once the counter has had time to make it. */
  drinks: number;
  drinkLimits: DrinkLimits;
  timeZone: string;
  disabled?: boolean;
  error?: string | null;
}) {
  const name = useId();
  const selectId = useId();
  const errorId = useId();
  const takes = slots.map((_, index) => makingPlan(slots, index, drinks, drinkLimits) !== null);
  const firstOpen = slots[takes.indexOf(true)]?.startsAt;
  const time = (iso: string) => formatTimeIn(new Date(iso), timeZone);

  return (
    <fieldset className="pickup-picker" disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">Pickup time</legend>
      <label className="pickup-picker__option">
        <input type="radio" name={name} checked={value.mode === "asap"} onChange={() => onChange({ mode: "asap" })} />
        <span>
          As soon as possible
          {asapReadyAt && (
            <>
              {" "}
              <span className="pickup-picker__hint">(ready around {time(asapReadyAt)})</span>
            </>
          )}
        </span>
      </label>
      <label className="pickup-picker__option">
        <input
          type="radio"
          name={name}
          checked={value.mode === "slot"}
          disabled={!firstOpen}
          onChange={() => firstOpen && onChange({ mode: "slot", startsAt: firstOpen })}
        />
        <span>
          {firstOpen
            ? "Later today"
            : slots.some((slot) => !slot.full)
              ? `Later today (no pickup time left today for ${drinksLabel(drinks)})`
              : "Later today (no pickup times left today)"}
        </span>
      </label>
      {value.mode === "slot" && (
        <div className="pickup-picker__slot">
          <label className="visually-hidden" htmlFor={selectId}>
            Pickup slot
          </label>
          <select
            id={selectId}
            value={value.startsAt}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange({ mode: "slot", startsAt: event.target.value })}
          >
            {slots.map((slot, index) => (
              <option key={slot.startsAt} value={slot.startsAt} disabled={!takes[index]}>
                {time(slot.startsAt)}
                {slot.full ? " (full)" : takes[index] ? "" : ` (too soon for ${drinksLabel(drinks)})`}
              </option>
            ))}
          </select>
        </div>
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
