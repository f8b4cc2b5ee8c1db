import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { ORDER_STATUSES, type CreateOrderResponse } from "#common/orders";
import { getDb } from "#worker/db/client";
import { slotsWithFill } from "#worker/services/orders/pickup-slots";
import { shopStateNow } from "#worker/services/orders/queue";
import { json } from "./helpers";
import { createSignedInUser } from "./sign-in";
import { setOrderState } from "./staff-fixtures";
import { ANAHEIM, jsonPost, PHONE, resetShop, setSlotCapacity, store, useShopClock } from "./store-helpers";

/**
 * The triggers that guard a slot's places and drinks (migrations/…_slot-triggers-mirror.sql) and
 * worker/services/orders/pickup-slots.ts count the same orders: for an order in each state holding
 * a slot, what slotsWithFill says is left is exactly what the database lets a next order take.
 */
const db = getDb(env.DB);
const DRINKS_PER_SLOT = 5;
const twoOranges = { productId: "prd-sunrise-orange", size: "medium", quantity: 2, note: "" } as const;

async function placed(pickup: Record<string, string>): Promise<string> {
  const shopper = await createSignedInUser();
  const response = await jsonPost("/api/orders", shopper.cookie, { lines: [twoOranges], phone: PHONE, pickup });
  expect(response.status).toBe(201);
  return (await json<CreateOrderResponse>(response)).order.id;
}

/** Runs `sql` and says whether a trigger refused it (and with which message). */
async function refusal(sql: string, ...values: unknown[]): Promise<string | null> {
  try {
    await env.DB.prepare(sql)
      .bind(...values)
      .run();
    return null;
  } catch (error) {
    return /pickup_slot_(drinks_)?full/.exec(String(error))?.[0] ?? String(error);
  }
}

const STATES = ORDER_STATUSES;

afterEach(async () => {
  await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE status <> 'cancelled'").run();
  await resetShop();
});

describe("the slot triggers and pickup-slots.ts agree", () => {
  it("each trigger names the function it mirrors", async () => {
    const { results } = await env.DB.prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%pickup_slot%' ORDER BY name",
    ).all<{ name: string; sql: string }>();
    expect(results.map((row) => row.name)).toEqual([
      "order_pickups_slot_capacity",
      "order_slot_drinks_slot_limit",
      "orders_recall_slot_capacity",
      "orders_recall_slot_drinks",
    ]);
    for (const row of results)
      expect(row.sql).toContain("Mirrors worker/services/orders/pickup-slots.ts: slotsWithFill");
  });

  it.each(STATES)(
    "with an order %s in the slot: the next order gets a place and drinks exactly when slotsWithFill says so",
    async (status) => {
      const clock = useShopClock();
      await setSlotCapacity(1);
      await env.DB.prepare("UPDATE location_pickup_settings SET max_drinks_per_slot = ? WHERE location_id = ?")
        .bind(DRINKS_PER_SLOT, ANAHEIM)
        .run();
      const startsAt = (await store()).pickupSlots[STATES.indexOf(status) + 2]!.startsAt;
      const holder = await placed({ mode: "slot", startsAt });
      await setOrderState(holder, status);
      const next = await placed({ mode: "asap" });

      const [slot] = await slotsWithFill(db, await shopStateNow(db, ANAHEIM, clock.now()), [new Date(startsAt)]);
      const holds = status !== "cancelled";
      // The test can fail both ways: a held slot is full with its drinks taken, a free one is not.
      expect(slot).toEqual({ startsAt, full: holds, drinksLeft: holds ? DRINKS_PER_SLOT - 2 : DRINKS_PER_SLOT });

      // A place: the next order's pickup moves into the slot.
      await env.DB.prepare("DELETE FROM order_pickups WHERE order_id = ?").bind(next).run();
      expect(
        await refusal(
          "INSERT INTO order_pickups (order_id, location_id, mode, pickup_at) VALUES (?, ?, 'slot', ?)",
          next,
          ANAHEIM,
          startsAt,
        ),
      ).toBe(slot!.full ? "pickup_slot_full" : null);

      // Drinks: one more than is left is refused, as many as are left are taken.
      const insertDrinks = (drinks: number) =>
        refusal(
          "INSERT INTO order_slot_drinks (order_id, location_id, slot_at, drinks) VALUES (?, ?, ?, ?)",
          next,
          ANAHEIM,
          startsAt,
          drinks,
        );
      expect(await insertDrinks(slot!.drinksLeft + 1)).toBe("pickup_slot_drinks_full");
      expect(await insertDrinks(slot!.drinksLeft)).toBe(null);

      // Recall: the next order, cancelled, comes back only while slotsWithFill (without it) has
      // room; here the holder took the place and the room back meanwhile.
      if (slot!.full) return;
      await setOrderState(next, "cancelled");
      await env.DB.prepare("UPDATE orders SET status = 'received' WHERE id = ?").bind(holder).run();
      const [after] = await slotsWithFill(db, await shopStateNow(db, ANAHEIM, clock.now()), [new Date(startsAt)]);
      expect(after!.full).toBe(true);
      expect(await refusal("UPDATE orders SET status = 'received' WHERE id = ?", next)).toMatch(
        /^pickup_slot_(drinks_)?full$/,
      );
    },
  );
});
