import { env } from "cloudflare:workers";
import { vi } from "vitest";
import type { PickupDay, PickupDaysResponse, ShopStatus } from "#common/availability";
import { raiseNewAccountLimit } from "./fresh-database";
import { api, json } from "./helpers";
import { seedStatements } from "./seed-sql";

/** Noon on a Tuesday in Anaheim (PDT): every test of the shop's hours starts from here. */
export const TUESDAY_NOON = new Date("2026-03-10T19:00:00.000Z");
export const ANAHEIM = "loc-anaheim";
export const PHONE = "+1 714 555 0100";

/** The worker's clock, set without waiting (Date only: D1 and timers run as usual). */
export function useShopClock(at: Date = TUESDAY_NOON): { advance(ms: number): void; now(): Date } {
  let current = at.getTime();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(current);
  return {
    advance(ms) {
      current += ms;
      vi.setSystemTime(current);
    },
    now: () => new Date(current),
  };
}

/** Back to the seed: hours, exceptions and pickup settings as `npm run dev` has them; no pause, nothing sold out. */
export async function resetShop(): Promise<void> {
  vi.useRealTimers();
  await env.DB.batch([
    env.DB.prepare("DELETE FROM ordering_pauses"),
    env.DB.prepare("DELETE FROM sold_out_items"),
    env.DB.prepare("DELETE FROM sold_out_options"),
    env.DB.prepare("DELETE FROM availability_events"),
    // The test shop has no one-off days (the development seed's hours); a test's own go.
    env.DB.prepare("DELETE FROM location_hours_exceptions"),
    ...seedStatements(env.TEST_SEED_SQL)
      .filter((statement) => /location_hours|location_pickup_settings/.test(statement))
      .map((statement) => env.DB.prepare(statement)),
    raiseNewAccountLimit(),
  ]);
}

export function jsonPost(
  path: string,
  cookie: string | undefined,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return api(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: "http://localhost:5173",
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

export async function store(query = ""): Promise<ShopStatus> {
  const response = await api(`/api/store${query}`);
  if (response.status !== 200) throw new Error(`GET /api/store answered ${response.status}`);
  return json<ShopStatus>(response);
}

/** GET /api/pickup-days' days, with the same never-cached answer as the shop's state. */
export async function pickupDays(query = ""): Promise<PickupDay[]> {
  const response = await api(`/api/pickup-days${query}`);
  if (response.status !== 200) throw new Error(`GET /api/pickup-days answered ${response.status}`);
  return (await json<PickupDaysResponse>(response)).pickupDays;
}

export async function setSlotCapacity(capacity: number): Promise<void> {
  await env.DB.prepare("UPDATE location_pickup_settings SET slot_capacity = ? WHERE location_id = ?")
    .bind(capacity, ANAHEIM)
    .run();
}
