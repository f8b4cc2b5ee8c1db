import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { CreateOrderResponse } from "#common/orders";
import { RECALL_REFUSALS } from "#common/order-lifecycle";
import { json } from "./helpers";
import { createBarista, createSignedInUser } from "./sign-in";
import { orderRow, postStatus } from "./staff-fixtures";
import { ANAHEIM, jsonPost, PHONE, resetShop, setSlotCapacity, store, useShopClock } from "./store-helpers";

const twoOranges = { productId: "prd-sunrise-orange", size: "medium", quantity: 2, note: "" } as const;

async function slotOrder(startsAt: string): Promise<Response> {
  const shopper = await createSignedInUser();
  return jsonPost("/api/orders", shopper.cookie, {
    lines: [twoOranges],
    phone: PHONE,
    pickup: { mode: "slot", startsAt },
  });
}
async function placedId(response: Response): Promise<string> {
  expect(response.status).toBe(201);
  return (await json<CreateOrderResponse>(response)).order.id;
}
const cancel = (cookie: string, orderId: string) =>
  postStatus(cookie, orderId, { status: "cancelled", reason: "Customer asked" });
const recall = (cookie: string, orderId: string) =>
  postStatus(cookie, orderId, {}, `/api/staff/orders/${orderId}/recall`);

/** Orders that hold a place in the slot: not cancelled. */
async function liveInSlot(startsAt: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM order_pickups JOIN orders ON orders.id = order_pickups.order_id WHERE pickup_at = ? AND mode = 'slot' AND orders.status <> 'cancelled'",
  )
    .bind(startsAt)
    .first<{ n: number }>();
  return row!.n;
}

afterEach(async () => {
  await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE status <> 'cancelled'").run();
  await env.DB.prepare(
    "UPDATE location_pickup_settings SET max_drinks_per_slot = 12, slot_capacity = 4 WHERE location_id = ?",
  )
    .bind(ANAHEIM)
    .run();
  await resetShop();
});

describe("Recall takes its pickup slot back only if it still fits", () => {
  it("refuses with slot_full once a new order has taken the freed place, and leaves the slot at its capacity", async () => {
    useShopClock();
    await setSlotCapacity(1);
    const barista = await createBarista();
    const startsAt = (await store()).pickupSlots[3]!.startsAt;
    const first = await placedId(await slotOrder(startsAt));
    expect((await cancel(barista.cookie, first)).status).toBe(200);
    await placedId(await slotOrder(startsAt));

    const response = await recall(barista.cookie, first);
    expect(response.status).toBe(409);
    expect((await json<ApiErrorBody>(response)).error).toMatchObject({
      code: "slot_full",
      message: RECALL_REFUSALS.slot_full,
    });
    expect((await orderRow(first)).status).toBe("cancelled");
    expect(await liveInSlot(startsAt)).toBe(1);
  });

  it("refuses with slot_full when the slot's drinks would go over its limit", async () => {
    useShopClock();
    await env.DB.prepare(
      "UPDATE location_pickup_settings SET max_drinks_per_slot = 3, slot_capacity = 10 WHERE location_id = ?",
    )
      .bind(ANAHEIM)
      .run();
    const barista = await createBarista();
    const startsAt = (await store()).pickupSlots[5]!.startsAt;
    const first = await placedId(await slotOrder(startsAt));
    expect((await cancel(barista.cookie, first)).status).toBe(200);
    // Two drinks of three taken by another order: the first's two no longer fit.
    await placedId(await slotOrder(startsAt));
    const response = await recall(barista.cookie, first);
    expect(response.status).toBe(409);
    expect((await json<ApiErrorBody>(response)).error.code).toBe("slot_full");
    expect((await orderRow(first)).status).toBe("cancelled");
  });

  it("gives the freed place to exactly one of a Recall and a new order racing for it", async () => {
    useShopClock();
    await setSlotCapacity(1);
    const barista = await createBarista();
    const slots = (await store()).pickupSlots;
    for (const index of [2, 4, 6]) {
      const startsAt = slots[index]!.startsAt;
      const first = await placedId(await slotOrder(startsAt));
      expect((await cancel(barista.cookie, first)).status).toBe(200);
      const [recalled, placed] = await Promise.all([recall(barista.cookie, first), slotOrder(startsAt)]);
      const winners = [recalled.status === 200, placed.status === 201].filter(Boolean);
      expect(winners).toHaveLength(1);
      const loser = recalled.status === 200 ? placed : recalled;
      expect(loser.status).toBe(409);
      expect((await json<ApiErrorBody>(loser)).error.code).toBe("slot_full");
      expect(await liveInSlot(startsAt)).toBe(1);
    }
  });

  it("brings a cancelled order back into its slot while there is room", async () => {
    useShopClock();
    await setSlotCapacity(2);
    const barista = await createBarista();
    const startsAt = (await store()).pickupSlots[7]!.startsAt;
    const first = await placedId(await slotOrder(startsAt));
    expect((await cancel(barista.cookie, first)).status).toBe(200);
    await placedId(await slotOrder(startsAt));
    expect((await recall(barista.cookie, first)).status).toBe(200);
    expect(await liveInSlot(startsAt)).toBe(2);
  });
});
