import { useId } from "react";
import type { PickupDay } from "#common/availability";
import type { PickupRequest } from "#common/forms/checkout";
import { formatTimeIn } from "#common/hours/format";
import { drinksLabel } from "#common/order-size";
import { FormField } from "#web/components/form-field/form-field";
import { pickupDayLabel } from "./pickup-days";

interface PickupSlotSelectsProps {
  days: PickupDay[];
  /** For each day, for each of its slots: whether it can make the cart's drinks. */
  takes: boolean[][];
  chosenDay: number;
  startsAt: string;
  onChange(value: PickupRequest): void;
  /** The first slot of a day that can make the cart's drinks. */
  firstOpenOf(dayIndex: number): string | undefined;
  /** Only today's slots are offered: no day to choose. */
  onlyToday: boolean;
  delivering: boolean;
  drinks: number;
  now: Date;
  timeZone: string;
  invalid: boolean;
}

/** A time ahead: the day (unless only today's are offered), then its slot; those that cannot make the drinks say why. */
export function PickupSlotSelects({
  days,
  takes,
  chosenDay,
  startsAt,
  onChange,
  firstOpenOf,
  onlyToday,
  delivering,
  drinks,
  now,
  timeZone,
  invalid,
}: PickupSlotSelectsProps) {
  const daySelectId = useId();
  const selectId = useId();
  const time = (iso: string) => formatTimeIn(new Date(iso), timeZone);
  const daySlots = days[chosenDay]?.slots ?? [];
  return (
    <div className="pickup-picker__slot">
      {!onlyToday && (
        <FormField id={daySelectId} label="Day">
          {(control) => (
            <select
              {...control}
              value={days[chosenDay]!.date}
              onChange={(event) => {
                const index = days.findIndex((day) => day.date === event.target.value);
                const first = firstOpenOf(index);
                if (first) onChange({ mode: "slot", startsAt: first });
              }}
            >
              {days.map((day, index) => (
                <option key={day.date} value={day.date} disabled={!takes[index]!.includes(true)}>
                  {pickupDayLabel(day.date, now, timeZone)}
                  {takes[index]!.includes(true) ? "" : " (full)"}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <FormField
        id={selectId}
        label={delivering ? "Leaves the shop at" : "Pickup slot"}
        labelHidden={onlyToday && !delivering}
      >
        {(control) => (
          <select
            {...control}
            // The message is the picker's, under all of its choices (pickup-picker.tsx).
            aria-invalid={invalid || undefined}
            value={startsAt}
            onChange={(event) => onChange({ mode: "slot", startsAt: event.target.value })}
          >
            {daySlots.map((slot, index) => (
              <option key={slot.startsAt} value={slot.startsAt} disabled={!takes[chosenDay]![index]}>
                {time(slot.startsAt)}
                {slot.full ? " (full)" : takes[chosenDay]![index] ? "" : ` (too soon for ${drinksLabel(drinks)})`}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </div>
  );
}
