import type { PickupDay } from "#common/availability";
import type { FulfilmentMethod } from "#common/fulfilment";
import { formatTimeIn } from "#common/hours/format";
import { drinksLabel } from "#common/order-size";
import { orderTiming } from "#common/order-timing";

/** "As soon as possible", with when the shop expects it ready, or for a delivery when it arrives. */
export function AsapLabel({
  asapReadyAt,
  fulfilment,
  timeZone,
}: {
  asapReadyAt: string;
  fulfilment: FulfilmentMethod;
  timeZone: string;
}) {
  const delivering = fulfilment === "delivery";
  const time = (iso: string) => formatTimeIn(new Date(iso), timeZone);
  const asapTiming = orderTiming({ fulfilment, pickup: { mode: "asap", at: asapReadyAt, timeZone } })?.value;
  return delivering ? (
    <span>
      As soon as possible:{" "}
      <span className="pickup-picker__hint" data-testid="delivery-time">
        {asapTiming}
      </span>
    </span>
  ) : (
    <span>
      As soon as possible <span className="pickup-picker__hint">(ready around {time(asapReadyAt)})</span>
    </span>
  );
}

/** A time ahead ("Pick a day and time", "Later today"), and why none can be had when none can. */
export function LaterLabel({
  later,
  days,
  daysFailed,
  canTake,
  onlyToday,
  drinks,
}: {
  later: string;
  /** Undefined until GET /api/pickup-days has answered. */
  days: PickupDay[] | undefined;
  daysFailed: boolean;
  /** A slot ahead can make the cart's drinks. */
  canTake: boolean;
  onlyToday: boolean;
  drinks: number;
}) {
  return (
    <span>
      {!days
        ? daysFailed
          ? `${later} (times not loaded)`
          : [
              `${later} `,
              // Said, not shown: the line keeps its length when the times arrive, so the form
              // below it (the Checkout button among it) does not move under a finger or pointer.
              <span key="loading" className="visually-hidden">
                (loading the times…)
              </span>,
            ]
        : canTake
          ? later
          : days.some((day) => day.slots.some((slot) => !slot.full))
            ? `${later} (no pickup time left${onlyToday ? " today" : ""} for ${drinksLabel(drinks)})`
            : `${later} (no pickup times left${onlyToday ? " today" : ""})`}
    </span>
  );
}
