import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import { shopDayStart } from "#common/shop-calendar";
import { RECALL_REFUSALS } from "#common/order-lifecycle";
import type { OrderResponse } from "#common/orders";
import type { StaffOrderResponse, StaffOrdersResponse } from "#common/staff-orders";
import { api, json } from "./helpers";
import { createBarista } from "./sign-in";
import { emailsOf, eventsOf, orderRow, placeOrder, postStatus, setOrderState } from "./staff-fixtures";

const board = async (cookie: string) =>
  json<StaffOrdersResponse>(await api("/api/staff/orders", { headers: { Cookie: cookie } }));
const counter = (cookie: string, orderId: string) => ({
  move: (body: Record<string, unknown>) => postStatus(cookie, orderId, body),
  giveBack: () => postStatus(cookie, orderId, {}, `/api/staff/orders/${orderId}/given-back`),
  collect: () => postStatus(cookie, orderId, {}, `/api/staff/orders/${orderId}/paid-at-counter`),
  recall: () => postStatus(cookie, orderId, {}, `/api/staff/orders/${orderId}/recall`),
});
async function refusal(response: Response) {
  expect(response.status).toBe(409);
  return (await json<ApiErrorBody>(response)).error;
}

afterEach(async () => {
  await env.DB.prepare("DELETE FROM orders WHERE status IN ('received', 'preparing', 'ready')").run();
});

describe("Done on a ticket that still has money to collect", () => {
  it("asks 'Collected $…?' and completes nothing until it is answered", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    await setOrderState(orderId, "ready");
    const { totalCents } = await orderRow(orderId);
    const error = await refusal(await counter(barista.cookie, orderId).move({ status: "completed" }));
    expect(error.code).toBe("collect_unanswered");
    expect(error.message).toContain(`Collected $${(totalCents / 100).toFixed(2)}?`);
    expect(await orderRow(orderId)).toMatchObject({ status: "ready", paymentState: "not_required" });
    // Anything but the two answers is refused, naming the field.
    const bad = await counter(barista.cookie, orderId).move({ status: "completed", payment: "maybe" });
    expect(bad.status).toBe(400);
    expect((await json<ApiErrorBody>(bad)).error.field).toBe("payment");
  });

  it("Yes records paid at the counter, with who and when, in one history row with the completion", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    await setOrderState(orderId, "ready");
    const response = await counter(barista.cookie, orderId).move({ status: "completed", payment: "collected" });
    expect(response.status).toBe(200);
    expect((await json<StaffOrderResponse>(response)).order).toMatchObject({
      status: "completed",
      paymentState: "paid_at_counter",
    });
    const row = await orderRow(orderId);
    expect(row.paidAt).not.toBeNull();
    expect((await eventsOf(orderId)).at(-1)).toMatchObject({
      status: "completed",
      previousStatus: "ready",
      paymentState: "paid_at_counter",
      actorUserId: barista.userId,
    });
    expect((await board(barista.cookie)).unpaid.map((order) => order.id)).not.toContain(orderId);
  });

  it("Not paid records not_collected; the order stays on the day's unpaid list until the shop's day ends, and can be collected later", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    await setOrderState(orderId, "ready");
    const response = await counter(barista.cookie, orderId).move({ status: "completed", payment: "not_collected" });
    expect((await json<StaffOrderResponse>(response)).order).toMatchObject({
      status: "completed",
      paymentState: "not_collected",
    });
    expect((await orderRow(orderId)).paidAt).toBeNull();
    // Past the Done list's half hour, still listed as unpaid while it is the same day at the shop.
    const dayStart = shopDayStart(Date.now(), "America/Los_Angeles").getTime();
    await env.DB.prepare("UPDATE orders SET updated_at = ? WHERE id = ?")
      .bind(new Date(dayStart + 1000).toISOString(), orderId)
      .run();
    const listed = await board(barista.cookie);
    expect(listed.unpaid.map((order) => order.id)).toContain(orderId);
    // From the shop's yesterday: off the list.
    await env.DB.prepare("UPDATE orders SET updated_at = ? WHERE id = ?")
      .bind(new Date(dayStart - 1000).toISOString(), orderId)
      .run();
    expect((await board(barista.cookie)).unpaid.map((order) => order.id)).not.toContain(orderId);

    // The customer comes back and pays.
    expect((await counter(barista.cookie, orderId).collect()).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "completed", paymentState: "paid_at_counter" });
  });

  it("completes without asking an order with nothing to collect", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    await setOrderState(orderId, "ready", "paid_at_counter");
    expect((await counter(barista.cookie, orderId).move({ status: "completed" })).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "completed", paymentState: "paid_at_counter" });
  });
});

describe("money paid at the counter for a cancelled order", () => {
  it("waits on the board as 'Give back', and a tap records given_back with who and when", async () => {
    const barista = await createBarista();
    const { shopper, orderId } = await placeOrder();
    const till = counter(barista.cookie, orderId);
    expect((await till.collect()).status).toBe(200);
    expect((await till.move({ status: "cancelled", reason: "Out of oranges" })).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", paymentState: "paid_at_counter" });
    // Owed back: on the board with the open orders, not in the Done list.
    const before = await board(barista.cookie);
    expect(before.orders.map((order) => order.id)).toContain(orderId);
    expect(before.done.map((order) => order.id)).not.toContain(orderId);

    const given = await till.giveBack();
    expect(given.status).toBe(200);
    expect((await json<StaffOrderResponse>(given)).order).toMatchObject({ paymentState: "given_back" });
    const last = (await eventsOf(orderId)).at(-1)!;
    expect(last).toMatchObject({ status: "cancelled", paymentState: "given_back", actorUserId: barista.userId });
    expect(Date.now() - Date.parse(last.createdAt)).toBeLessThan(60_000);
    // Repeating it changes nothing.
    expect((await till.giveBack()).status).toBe(200);
    expect((await eventsOf(orderId)).filter((entry) => entry.paymentState === "given_back")).toHaveLength(1);
    const after = await board(barista.cookie);
    expect(after.orders.map((order) => order.id)).not.toContain(orderId);
    expect(after.done.map((order) => order.id)).toContain(orderId);

    // The shopper's page says where the money is.
    const mine = await api(`/api/orders/${orderId}`, { headers: { Cookie: shopper.cookie } });
    expect((await json<OrderResponse>(mine)).order).toMatchObject({ status: "cancelled", paymentState: "given_back" });
  });

  it("refuses to give back what was never paid at the counter", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    expect((await counter(barista.cookie, orderId).move({ status: "cancelled", reason: "Closed" })).status).toBe(200);
    expect((await refusal(await counter(barista.cookie, orderId).giveBack())).code).toBe("nothing_to_give_back");
    const open = await placeOrder();
    await counter(barista.cookie, open.orderId).collect();
    expect((await refusal(await counter(barista.cookie, open.orderId).giveBack())).code).toBe("nothing_to_give_back");
    expect((await orderRow(open.orderId)).paymentState).toBe("paid_at_counter");
  });
});

describe("Recall never contradicts the money", () => {
  it("refuses an order whose money was given back, or is owed back, at the counter", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    const till = counter(barista.cookie, orderId);
    await till.collect();
    await till.move({ status: "cancelled", reason: "Customer asked" });
    const owed = await refusal(await till.recall());
    expect(owed).toMatchObject({ code: "not_recallable", message: RECALL_REFUSALS.owed_back });
    await till.giveBack();
    const given = await refusal(await till.recall());
    expect(given).toMatchObject({ code: "not_recallable", message: RECALL_REFUSALS.given_back });
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", paymentState: "given_back" });
  });

  it("refuses a card order cancelled because its payment never arrived", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    // As the checkout's expiry leaves it (transitions' lapseUnpaid), with its history row.
    await env.DB.batch([
      env.DB.prepare(
        "UPDATE orders SET payment_mode = 'stripe', status = 'cancelled', payment_state = 'not_required', cancel_reason = 'The card payment was not completed.', updated_at = ? WHERE id = ?",
      ).bind(new Date().toISOString(), orderId),
      env.DB.prepare(
        "INSERT INTO order_events (order_id, status, previous_status, payment_state, actor) VALUES (?, 'cancelled', 'received', 'not_required', 'payment_provider')",
      ).bind(orderId),
    ]);
    const error = await refusal(await counter(barista.cookie, orderId).recall());
    expect(error).toMatchObject({ code: "not_recallable", message: RECALL_REFUSALS.never_paid });
    expect((await orderRow(orderId)).status).toBe("cancelled");
    // The Done list carries what the board needs to say why.
    const done = (await board(barista.cookie)).done.find((order) => order.id === orderId);
    expect(done).toMatchObject({ paymentMode: "stripe", paymentState: "not_required", cancelledFrom: "received" });
  });

  it("e-mails the shopper of a recalled order that it is back on, through the outbox", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    const till = counter(barista.cookie, orderId);
    await till.move({ status: "preparing" });
    await till.move({ status: "cancelled", reason: "Out of oranges" });
    expect((await till.recall()).status).toBe(200);
    const backOn = (await emailsOf(orderId)).filter((email) => email.kind === "order-back-on");
    expect(backOn).toHaveLength(1);
    expect(backOn[0]!.subject).toContain("is back on");
    expect(backOn[0]!.text).toContain("back on");
  });
});
