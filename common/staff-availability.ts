import { z } from "zod";
import { PAUSE_DURATIONS_MINUTES, SOLD_OUT_SCOPES, type SoldOutScope } from "#common/availability";

/** `POST /api/staff/availability/pause`: 15, 30 or 60 minutes, or null for "until resumed". */
export const pauseOrderingSchema = z.object({
  minutes: z.union(
    [
      z.literal(PAUSE_DURATIONS_MINUTES[0]),
      z.literal(PAUSE_DURATIONS_MINUTES[1]),
      z.literal(PAUSE_DURATIONS_MINUTES[2]),
      z.null(),
    ],
    `Pause for ${PAUSE_DURATIONS_MINUTES.join(", ")} minutes, or null until resumed`,
  ),
});
export type PauseOrderingRequest = z.infer<typeof pauseOrderingSchema>;

/** `POST /api/staff/availability/sold-out`: marks a drink (size "all") or one size, or takes the mark back. */
export const soldOutChangeSchema = z.object({
  productId: z.string().trim().min(1, "Choose a drink").max(100, "Unknown drink"),
  size: z.enum(SOLD_OUT_SCOPES, "Choose the whole drink or one of its sizes"),
  soldOut: z.boolean("soldOut must be true or false"),
});
export type SoldOutChangeRequest = z.infer<typeof soldOutChangeSchema>;

/** `POST /api/staff/availability/option-sold-out`: an add-on option (oat milk) sold out, or back. */
export const optionSoldOutChangeSchema = z.object({
  optionId: z.string().trim().min(1, "Choose an add-on option").max(100, "Unknown add-on option"),
  soldOut: z.boolean("soldOut must be true or false"),
});
export type OptionSoldOutChangeRequest = z.infer<typeof optionSoldOutChangeSchema>;

/** An add-on group as the Menu tab lists it, with the options the staff can mark. */
export interface StaffAddOnGroup {
  groupId: string;
  name: string;
  /** The categories and drinks it is offered with: tells apart two groups of one name. */
  offeredWith: string[];
  options: { optionId: string; name: string }[];
}

export interface StaffSoldOutOption {
  optionId: string;
  markedBy: string;
  markedAt: string;
}

/** A drink as the staff's Menu tab lists it. */
export interface StaffMenuDrink {
  productId: string;
  name: string;
  categoryName: string;
  /** The sizes it is sold in ("default" for a drink without sizes). */
  sizes: Exclude<SoldOutScope, "all">[];
}

export interface StaffSoldOutMark {
  productId: string;
  size: SoldOutScope;
  markedBy: string;
  markedAt: string;
}

/** `GET /api/staff/availability` and the answer to every change. */
export interface StaffAvailability {
  /** The location's time zone, to show the pause's end on the shop's clock. */
  timeZone: string;
  pause: { pausedUntil: string | null; pausedBy: string; pausedAt: string } | null;
  soldOut: StaffSoldOutMark[];
  menu: StaffMenuDrink[];
  /** The add-on groups by name, each with its visible options in display order. */
  addOns: StaffAddOnGroup[];
  soldOutOptions: StaffSoldOutOption[];
}
