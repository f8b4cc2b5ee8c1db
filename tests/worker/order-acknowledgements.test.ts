import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { BoardAcknowledgedMessage, BoardOrderMessage } from "#common/live-updates";
import type { AcknowledgeOrdersResponse, StaffOrdersResponse } from "#common/staff-orders";
import { api, json } from "./helpers";
import { openSocket, type OpenSocket } from "./live-sockets";
import { createBarista, createSignedInUser, createStaffOfAnotherLocation, type SignedInUser } from "./sign-in";
import { eventsOf, orderRow, ORIGIN, placeOrder, postStatus } from "./staff-fixtures";

// "Seen" is the shop's: kept on the server with who and when, so every board of the location
// drops the alert and a reloaded board announces only what nobody has seen.

const opened: OpenSocket[] = [];
afterEach(() => {
  opened.splice(0).forEach((socket) => socket.close());
});

function acknowledge(cookie: string | undefined, body: unknown) {
  return api("/api/staff/acknowledgements", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function board(cookie: string): Promise<StaffOrdersResponse> {
  return json<StaffOrdersResponse>(await api("/api/staff/orders", { headers: { Cookie: cookie } }));
}

/** A second member of the shop's staff, on a tablet of their own. */
async function colleague(): Promise<SignedInUser> {
  const email = `colleague-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await env.DB.prepare("INSERT INTO staff_members (email, location_id, role) VALUES (?, 'loc-anaheim', 'staff')")
    .bind(email)
    .run();
  return createSignedInUser({ username: "Kim Colleague", email });
}

describe("POST /api/staff/acknowledgements", () => {
  it("acknowledges the new orders for the whole shop: who and when on every read, and on the other boards at once", async () => {
    const barista = await createBarista();
    const other = await colleague();
    const first = await placeOrder();
    const second = await placeOrder();
    const unseen = await placeOrder();
    // Nobody has seen them yet: every read says so.
    for (const order of (await board(barista.cookie)).orders) expect(order.acknowledged).toBeNull();
    const otherBoard = await openSocket("/api/live/board", other.cookie);
    opened.push(otherBoard);

    const before = Date.now();
    const response = await acknowledge(barista.cookie, { orderIds: [first.orderId, second.orderId] });
    expect(response.status).toBe(200);
    const { acknowledgements } = await json<AcknowledgeOrdersResponse>(response);
    expect(acknowledgements.map((seen) => seen.orderId)).toEqual([first.orderId, second.orderId]);
    for (const seen of acknowledgements) {
      expect(seen.byName).toBe("Sam Barista");
      expect(Date.parse(seen.at)).toBeGreaterThanOrEqual(before - 1000);
    }

    // The colleague's board hears it, and its next read (a reload) says the same.
    const heard = await otherBoard.next<BoardAcknowledgedMessage>((message) => message.type === "acknowledged");
    expect(heard.acknowledgements.map((seen) => seen.orderId)).toEqual([first.orderId, second.orderId]);
    const reloaded = await board(other.cookie);
    const byId = new Map(reloaded.orders.map((order) => [order.id, order]));
    expect(byId.get(first.orderId)?.acknowledged).toMatchObject({ byName: "Sam Barista" });
    expect(byId.get(second.orderId)?.acknowledged).toMatchObject({ byName: "Sam Barista" });
    expect(byId.get(unseen.orderId)?.acknowledged).toBeNull();

    // Seen is not a change of the order: no history row, the order's row as it was.
    expect(await eventsOf(first.orderId)).toHaveLength(1);
    expect((await orderRow(first.orderId)).status).toBe("received");
  });

  it("keeps the first acknowledgement when two boards tap Seen for the same order", async () => {
    const barista = await createBarista();
    const other = await colleague();
    const { orderId } = await placeOrder();
    const [one, two] = await Promise.all([
      acknowledge(barista.cookie, { orderIds: [orderId] }),
      acknowledge(other.cookie, { orderIds: [orderId, orderId] }),
    ]);
    const answers = [await json<AcknowledgeOrdersResponse>(one!), await json<AcknowledgeOrdersResponse>(two!)];
    // Both answer the same single acknowledgement, whoever came first.
    expect(answers[0]!.acknowledgements).toHaveLength(1);
    expect(answers[1]!.acknowledgements).toEqual(answers[0]!.acknowledgements);
    const rows = await env.DB.prepare("SELECT acknowledged_by FROM order_acknowledgements WHERE order_id = ?")
      .bind(orderId)
      .all();
    expect(rows.results).toHaveLength(1);
  });

  it("carries the acknowledgement in every later change of the order, so no board raises its alert again", async () => {
    const barista = await createBarista();
    const listening = await openSocket("/api/live/board", barista.cookie);
    opened.push(listening);
    const { orderId } = await placeOrder();
    await acknowledge(barista.cookie, { orderIds: [orderId] });
    expect((await postStatus(barista.cookie, orderId, {}, `/api/staff/orders/${orderId}/paid-at-counter`)).status).toBe(
      200,
    );
    const changed = await listening.next<BoardOrderMessage>(
      (message) => message.type === "order" && message.order.paymentState === "paid_at_counter",
    );
    expect(changed.order.acknowledged).toMatchObject({ byName: "Sam Barista" });
  });

  it("leaves another location's orders alone, whatever ids are sent", async () => {
    const barista = await createBarista();
    const elsewhere = await createStaffOfAnotherLocation();
    const { orderId } = await placeOrder();
    for (const orderIds of [[orderId], [orderId, "not-an-order"], [` ${orderId} `]]) {
      const response = await acknowledge(elsewhere.cookie, { orderIds });
      expect(response.status).toBe(200);
      expect((await json<AcknowledgeOrdersResponse>(response)).acknowledgements).toEqual([]);
    }
    const order = (await board(barista.cookie)).orders.find((candidate) => candidate.id === orderId);
    expect(order?.acknowledged).toBeNull();
  });

  it("refuses a guest, a shopper and a request without orders, naming the field", async () => {
    const { orderId, shopper } = await placeOrder();
    expect((await acknowledge(undefined, { orderIds: [orderId] })).status).toBe(401);
    expect((await acknowledge(shopper.cookie, { orderIds: [orderId] })).status).toBe(403);
    const barista = await createBarista();
    for (const body of [{}, { orderIds: [] }, { orderIds: "all" }, { orderIds: [42] }, { orderIds: [orderId], x: 1 }]) {
      const response = await acknowledge(barista.cookie, body);
      expect(response.status).toBe(400);
      expect(JSON.stringify(await json<ApiErrorBody>(response))).toMatch(/orderIds|x/);
    }
    const tooMany = Array.from({ length: 51 }, () => orderId);
    expect((await acknowledge(barista.cookie, { orderIds: tooMany })).status).toBe(400);
  });
});
