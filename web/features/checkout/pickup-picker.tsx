import { useId } from "react";
import type { PickupSlot } from "#common/availability";
import type { PickupRequest } from "#common/forms/checkout";
import { formatTimeIn } from "#common/hours/format";

/**
 * When to pick the order up: as soon as possible (with the time the shop expects it ready,
 * from the queue on the board), or one of today's 15-minute slots. A full slot is listed but
 * cannot be chosen.
 */
export function PickupPicker({
  value,
  onChange,
  asapReadyAt,
  slots,
  timeZone,
  disabled = false,
  error,
}: {
  value: PickupRequest;
  onChange(value: PickupRequest): void;
  asapReadyAt: string | null;
  slots: PickupSlot[];
  timeZone: string;
  disabled?: boolean;
  error?: string | null;
}) {
  const name = useId();
  const selectId = useId();
  const errorId = useId();
  const openSlots = slots.filter((slot) => !slot.full);
  const firstOpen = openSlots[0]?.startsAt;
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
        <span>{firstOpen ? "Later today" : "Later today (no pickup times left today)"}</span>
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
            {slots.map((slot) => (
              <option key={slot.startsAt} value={slot.startsAt} disabled={slot.full}>
                {time(slot.startsAt)}
                {slot.full ? " (full)" : ""}
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
