import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BoardOrderMessage, ShopperOrderMessage } from "#common/live-updates";
import type { CreateOrderResponse } from "#common/orders";
import type { StaffOrder } from "#common/staff-orders";
import { getDb } from "#worker/db/client";
import { publishToLocation } from "#worker/live/channel";
import { LISTENER_CHECK_VALID_MS, LISTENER_RECHECK_AFTER_MS } from "#worker/live/location-channel";
import { revokedSessions } from "#worker/services/live-access";
import { orderUpdateMessages } from "#worker/services/orders/live-updates";
import { api, json } from "./helpers";
import { openSocket, type OpenSocket } from "./live-sockets";
import { createSignedInUser } from "./sign-in";
import { CART, ORIGIN } from "./staff-fixtures";

const opened: OpenSocket[] = [];
afterEach(() => {
  vi.useRealTimers();
  opened.splice(0).forEach((socket) => socket.close());
});

async function listen(path: string, cookie: string) {
  const socket = await openSocket(path, cookie);
  opened.push(socket);
  const closed = new Promise<number>((resolve) =>
    socket.socket.addEventListener("close", (event) => resolve(event.code)),
  );
  return { ...socket, closed };
}

function post(path: string, cookie: string, body: unknown) {
  return api(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: cookie },
    body: JSON.stringify(body),
  });
}

function boardOrder(id = crypto.randomUUID()): StaffOrder {
  const now = new Date().toISOString();
  return {
    id,
    status: "received",
    paymentMode: "pay_on_pickup",
    paymentState: "not_required",
    customerName: "Ada Lovelace",
    phone: "+1 714 555 0101",
    totalCents: 649,
    tipCents: 0,
    discountCents: 0,
    discounts: [],
    fulfilment: "pickup",
    fulfilmentAddress: "305 North Harbor Blvd, Fullerton, CA 92832",
    cancelReason: null,
    createdAt: now,
    updatedAt: now,
    lines: [{ name: "Sunrise Orange", size: "medium", quantity: 1, note: "", options: [] }],
  };
}

/** Publishes a new order at a shop as the orders room does after a change. */
function publish(locationId: string, order: StaffOrder, ownerUserId = crypto.randomUUID()) {
  return publishToLocation(env, orderUpdateMessages({ locationId, ownerUserId, order }), (shop, listeners) =>
    revokedSessions(getDb(env.DB), shop, listeners),
  );
}

describe("the shopper's live updates follow each open order, at whichever shop", () => {
  it("brings the progress of orders at two shops to the shopper's one socket", async () => {
    const shopper = await createSignedInUser();
    const page = await listen("/api/live/orders", shopper.cookie);
    const placed: string[] = [];
    for (const locationId of ["loc-anaheim", "loc-fullerton"]) {
      const response = await post("/api/orders", shopper.cookie, { ...CART, locationId });
      expect(response.status).toBe(201);
      placed.push((await json<CreateOrderResponse>(response)).order.id);
    }
    const baristas = await Promise.all([
      createSignedInUser({ email: "barista@example.com" }),
      createSignedInUser({ email: "barista.fullerton@example.com" }),
    ]);
    for (const [index, orderId] of placed.entries()) {
      const moved = await post(`/api/staff/orders/${orderId}/status`, baristas[index]!.cookie, { status: "preparing" });
      expect(moved.status).toBe(200);
      await page.next<ShopperOrderMessage>(
        (m) => m.type === "progress" && m.order.id === orderId && m.order.status === "preparing",
      );
    }
    // The shopper's socket never carries a board's message.
    expect(page.messages.some((m) => (m as { type: string }).type === "order")).toBe(false);
  });
});

describe("the board's listeners are checked at most every few seconds, not at every message", () => {
  it(`stops a removed member's board within ${LISTENER_CHECK_VALID_MS / 1000} s, at the next message after that`, async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start);
    const email = `bound-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await env.DB.prepare("INSERT INTO staff_members (email, location_id, role) VALUES (?, 'loc-scottsdale', 'staff')")
      .bind(email)
      .run();
    const member = await createSignedInUser({ email });
    const board = await listen("/api/live/board", member.cookie);
    const first = boardOrder();
    await publish("loc-scottsdale", first);
    await board.next<BoardOrderMessage>((m) => m.order?.id === first.id);

    await env.DB.prepare("DELETE FROM staff_members WHERE email = ?").bind(email).run();
    // Within the check's validity, without looking again: what the bound allows.
    vi.setSystemTime(start + LISTENER_RECHECK_AFTER_MS / 2);
    const soon = boardOrder();
    await publish("loc-scottsdale", soon);
    await board.next<BoardOrderMessage>((m) => m.order?.id === soon.id);
    // Past the validity: checked before anything is sent, and closed instead.
    vi.setSystemTime(start + LISTENER_CHECK_VALID_MS + 1);
    const late = boardOrder();
    await publish("loc-scottsdale", late);
    expect(await board.closed).toBe(4401);
    expect(board.messages.some((m) => (m as BoardOrderMessage).order?.id === late.id)).toBe(false);
  });

  it("checks again in the background in a busy shop: a message goes out and the removed board then closes", async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start);
    const email = `busy-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await env.DB.prepare("INSERT INTO staff_members (email, location_id, role) VALUES (?, 'loc-scottsdale', 'staff')")
      .bind(email)
      .run();
    const member = await createSignedInUser({ email });
    const board = await listen("/api/live/board", member.cookie);
    const first = boardOrder();
    await publish("loc-scottsdale", first);
    await board.next<BoardOrderMessage>((m) => m.order?.id === first.id);

    await env.DB.prepare("DELETE FROM staff_members WHERE email = ?").bind(email).run();
    vi.setSystemTime(start + LISTENER_RECHECK_AFTER_MS + 1);
    const due = boardOrder();
    await publish("loc-scottsdale", due);
    expect(await board.closed).toBe(4401);
    expect(board.messages.some((m) => (m as BoardOrderMessage).order?.id === due.id)).toBe(true);
  });
});
