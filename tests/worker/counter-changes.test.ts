import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { OrderResponse } from "#common/orders";
import type { StaffOrderResponse, StaffOrdersResponse } from "#common/staff-orders";
import { api, json } from "./helpers";
import { createBarista, createStaffOfAnotherLocation } from "./sign-in";
import { eventsOf, orderRow, placeOrder, postStatus } from "./staff-fixtures";

const recall = (cookie: string | undefined, orderId: string) =>
  postStatus(cookie, orderId, {}, `/api/staff/orders/${orderId}/recall`);
const paidAtCounter = (cookie: string | undefined, orderId: string) =>
  postStatus(cookie, orderId, {}, `/api/staff/orders/${orderId}/paid-at-counter`);

/** Moves an order through the board's API, as a barista does. */
async function moveAlong(
  cookie: string,
  orderId: string,
  ...steps: Array<{ status: string; reason?: string; payment?: string }>
) {
  for (const step of steps) expect((await postStatus(cookie, orderId, step)).status).toBe(200);
}

describe("POST /api/staff/orders/:id/recall", () => {
  it("brings a completed order back to Ready, with its history row, onto the board and off the Done list", async () => {
    const barista = await createBarista();
    const { shopper, orderId } = await placeOrder();
    await moveAlong(
      barista.cookie,
      orderId,
      { status: "preparing" },
      { status: "ready" },
      { status: "completed", payment: "collected" },
    );

    const response = await recall(barista.cookie, orderId);
    expect(response.status).toBe(200);
    expect((await json<StaffOrderResponse>(response)).order).toMatchObject({ id: orderId, status: "ready" });
    const events = await eventsOf(orderId);
    expect(events.at(-1)).toMatchObject({
      status: "ready",
      previousStatus: "completed",
      actor: "staff",
      actorUserId: barista.userId,
      reason: "Recalled",
    });
    const board = await json<StaffOrdersResponse>(
      await api("/api/staff/orders", { headers: { Cookie: barista.cookie } }),
    );
    expect(board.orders.find((order) => order.id === orderId)?.status).toBe("ready");
    expect(board.done.map((order) => order.id)).not.toContain(orderId);
    // The shopper's page reads it back as Ready.
    const mine = await json<OrderResponse>(
      await api(`/api/orders/${orderId}`, { headers: { Cookie: shopper.cookie } }),
    );
    expect(mine.order.status).toBe("ready");
  });

  it("brings a cancelled order back to the state it was cancelled from, without its reason", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    await moveAlong(barista.cookie, orderId, { status: "preparing" }, { status: "cancelled", reason: "Shop closing" });
    const board = await json<StaffOrdersResponse>(
      await api("/api/staff/orders", { headers: { Cookie: barista.cookie } }),
    );
    expect(board.done.find((order) => order.id === orderId)).toMatchObject({
      status: "cancelled",
      cancelledFrom: "preparing",
    });

    const response = await recall(barista.cookie, orderId);
    expect((await json<StaffOrderResponse>(response)).order).toMatchObject({ status: "preparing", cancelReason: null });
    expect((await eventsOf(orderId)).at(-1)).toMatchObject({ status: "preparing", previousStatus: "cancelled" });
  });

  it("refuses a refunded order, one finished more than 30 minutes ago, and an open one, saying why", async () => {
    const barista = await createBarista();
    const refunded = await placeOrder();
    await moveAlong(barista.cookie, refunded.orderId, { status: "cancelled", reason: "Out of an ingredient" });
    await env.DB.prepare("UPDATE orders SET payment_mode = 'stripe', payment_state = 'refunded' WHERE id = ?")
      .bind(refunded.orderId)
      .run();
    const old = await placeOrder();
    await moveAlong(
      barista.cookie,
      old.orderId,
      { status: "preparing" },
      { status: "ready" },
      { status: "completed", payment: "collected" },
    );
    await env.DB.prepare("UPDATE orders SET updated_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 31 * 60_000).toISOString(), old.orderId)
      .run();
    const open = await placeOrder();

    for (const [orderId, message] of [
      [refunded.orderId, "Refunded: the payment went back to the customer, so this order cannot come back."],
      [old.orderId, "Finished more than 30 minutes ago."],
      [open.orderId, "Only a completed or cancelled order can be recalled."],
    ] as const) {
      const response = await recall(barista.cookie, orderId);
      expect(response.status).toBe(409);
      expect(await json<ApiErrorBody>(response)).toMatchObject({ error: { code: "not_recallable", message } });
    }
    expect((await orderRow(refunded.orderId)).status).toBe("cancelled");
    expect((await orderRow(old.orderId)).status).toBe("completed");
  });

  it("answers 401 to a guest, 403 to a shopper and 404 for another location's order", async () => {
    const barista = await createBarista();
    const { shopper, orderId } = await placeOrder();
    await moveAlong(barista.cookie, orderId, { status: "cancelled", reason: "Customer asked" });
    expect((await recall(undefined, orderId)).status).toBe(401);
    expect((await recall(shopper.cookie, orderId)).status).toBe(403);
    const elsewhere = await createStaffOfAnotherLocation();
    expect((await recall(elsewhere.cookie, orderId)).status).toBe(404);
    expect((await orderRow(orderId)).status).toBe("cancelled");
  });
});

describe("POST /api/staff/orders/:id/paid-at-counter", () => {
  it("marks a pay-on-pickup order paid at the counter once, recording who and when", async () => {
    const barista = await createBarista();
    const { shopper, orderId } = await placeOrder();
    const response = await paidAtCounter(barista.cookie, orderId);
    expect(response.status).toBe(200);
    expect((await json<StaffOrderResponse>(response)).order).toMatchObject({
      status: "received",
      paymentState: "paid_at_counter",
    });
    const row = await orderRow(orderId);
    expect(row.paidAt).toBe(row.updatedAt);
    const events = await eventsOf(orderId);
    expect(events.at(-1)).toMatchObject({
      status: "received",
      previousStatus: "received",
      paymentState: "paid_at_counter",
      actor: "staff",
      actorUserId: barista.userId,
    });

    // A second tap (another tablet) changes nothing more.
    expect((await paidAtCounter(barista.cookie, orderId)).status).toBe(200);
    expect(await eventsOf(orderId)).toHaveLength(events.length);
    const mine = await json<OrderResponse>(
      await api(`/api/orders/${orderId}`, { headers: { Cookie: shopper.cookie } }),
    );
    expect(mine.order.paymentState).toBe("paid_at_counter");
  });

  it("refuses an order paid by card and a cancelled one", async () => {
    const barista = await createBarista();
    const card = await placeOrder();
    await env.DB.prepare("UPDATE orders SET payment_mode = 'stripe', payment_state = 'paid' WHERE id = ?")
      .bind(card.orderId)
      .run();
    const cancelled = await placeOrder();
    await moveAlong(barista.cookie, cancelled.orderId, { status: "cancelled", reason: "Customer asked" });
    for (const orderId of [card.orderId, cancelled.orderId]) {
      const response = await paidAtCounter(barista.cookie, orderId);
      expect(response.status).toBe(409);
      expect(await json<ApiErrorBody>(response)).toMatchObject({ error: { code: "not_payable_at_counter" } });
    }
    expect((await orderRow(card.orderId)).paymentState).toBe("paid");
  });

  it("answers 401 to a guest and 403 to the order's own shopper", async () => {
    const { shopper, orderId } = await placeOrder();
    expect((await paidAtCounter(undefined, orderId)).status).toBe(401);
    expect((await paidAtCounter(shopper.cookie, orderId)).status).toBe(403);
    expect((await orderRow(orderId)).paymentState).toBe("not_required");
  });
});

describe("GET /api/staff/orders", () => {
  it("says when it began reading: a change before it is in the lists, one after it is not older than it", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    await moveAlong(barista.cookie, orderId, { status: "preparing" });
    const board = await json<StaffOrdersResponse>(
      await api("/api/staff/orders", { headers: { Cookie: barista.cookie } }),
    );
    const read = board.orders.find((order) => order.id === orderId)!;
    expect(read.status).toBe("preparing");
    expect(new Date(board.readAt).toISOString()).toBe(board.readAt);
    expect(read.updatedAt <= board.readAt).toBe(true);

    const moved = await json<StaffOrderResponse>(await postStatus(barista.cookie, orderId, { status: "ready" }));
    expect(moved.order.updatedAt >= board.readAt).toBe(true);
  });
});
