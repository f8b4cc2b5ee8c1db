/** A shop's hours as the seed files write them: weekly intervals by weekday, one-off days by date. */
export interface SeedHours {
  weekly: Map<number, [string, string][]>;
  exceptions: Map<string, [string, string][]>;
}
export const SHOP_HOURS_FILE: string;
/** Every shop's hours in seed/opening-hours.sql and seed/opening-hours-exceptions.sql. */
export function readSeedHours(root: string): Map<string, SeedHours>;
/** "YYYY-MM-DD" of a calendar day. */
export function dateKey(year: number, monthIndex: number, day: number): string;
/** The instants [start, end) the shop is open on one of its days. */
export function openIntervalsOn(
  hours: SeedHours | undefined,
  timeZone: string,
  year: number,
  monthIndex: number,
  day: number,
): [number, number][];
/** The first instant at or after `at` the shop is open, or null within two weeks. */
export function nextOpenInstant(hours: SeedHours | undefined, timeZone: string, at: number): number | null;
