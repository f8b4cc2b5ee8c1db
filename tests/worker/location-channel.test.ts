import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { BoardOrderMessage, ShopperOrderMessage } from "#common/live-updates";
import type { StaffOrder } from "#common/staff-orders";
import type { LocationChannel } from "#worker/live/location-channel";
import { getDb } from "#worker/db/client";
import { publishToLocation } from "#worker/live/channel";
import { revokedSessions } from "#worker/services/live-access";
import { orderUpdateMessages, type OrderUpdate } from "#worker/services/orders/live-updates";
import { openSocket, type OpenSocket } from "./live-sockets";
import { createBarista, createSignedInUser, createStaffOfAnotherLocation } from "./sign-in";
import { placeOrder, postStatus } from "./staff-fixtures";

/** An order's update as the orders room publishes it after a change. */
function publishOrderUpdate(bindings: typeof env, update: OrderUpdate) {
  return publishToLocation(bindings, orderUpdateMessages(update), (locationId, listeners) =>
    revokedSessions(getDb(bindings.DB), locationId, listeners),
  );
}

const anaheim = () => env.LOCATION_CHANNEL.get(env.LOCATION_CHANNEL.idFromName("loc-anaheim"));

function staffOrder(overrides: Partial<StaffOrder> = {}): StaffOrder {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
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
    fulfilmentAddress: "512 South Brookhurst St #4, Anaheim, CA 92804",
    cancelReason: null,
    createdAt: now,
    updatedAt: now,
    lines: [{ name: "Sunrise Orange", size: "medium", quantity: 1, note: "Less ice", options: [] }],
    ...overrides,
  };
}

const opened: OpenSocket[] = [];
async function open(path: string, cookie: string) {
  const socket = await openSocket(path, cookie);
  opened.push(socket);
  return socket;
}

afterEach(() => {
  opened.splice(0).forEach((socket) => socket.close());
});

describe("the location's live channel (Durable Object)", () => {
  it("gives a new order to every board, and its progress to its owner only", async () => {
    const [boardA, boardB] = [
      await open("/api/live/board", (await createBarista()).cookie),
      await open("/api/live/board", (await createBarista()).cookie),
    ];
    const owner = await createSignedInUser();
    const ownerPage = await open("/api/live/orders", owner.cookie);
    const strangerPage = await open("/api/live/orders", (await createSignedInUser()).cookie);

    const order = staffOrder();
    await publishOrderUpdate(env, { locationId: "loc-anaheim", ownerUserId: owner.userId, order });

    for (const board of [boardA, boardB]) {
      const message = await board.next<BoardOrderMessage>((m) => m.type === "order" && m.order.id === order.id);
      expect(message.order).toEqual(order);
    }
    const progress = await ownerPage.next<ShopperOrderMessage>((m) => m.type === "progress" && m.order.id === order.id);
    expect(progress.order).toEqual({
      id: order.id,
      status: "received",
      paymentState: "not_required",
      cancelReason: null,
      updatedAt: order.updatedAt,
    });
    // The owner's socket never carries the board's message (with the customer's phone), nor does a stranger's hear anything.
    expect(ownerPage.messages.some((m) => (m as { type: string }).type === "order")).toBe(false);
    expect(await strangerPage.quietFor(200)).toEqual([]);
    expect(strangerPage.messages).toEqual([]);
  });

  it("keeps another location's board out of this location's orders", async () => {
    const other = await createStaffOfAnotherLocation();
    const otherBoard = await open("/api/live/board", other.cookie);
    const ourBoard = await open("/api/live/board", (await createBarista()).cookie);
    const order = staffOrder();
    await publishOrderUpdate(env, { locationId: "loc-anaheim", ownerUserId: crypto.randomUUID(), order });
    await ourBoard.next<BoardOrderMessage>((m) => m.order?.id === order.id);
    expect(await otherBoard.quietFor(200)).toEqual([]);
  });

  it("answers a ping with pong", async () => {
    const board = await open("/api/live/board", (await createBarista()).cookie);
    board.socket.send("ping");
    await board.next((m) => m === "pong");
  });

  it("still delivers after the object is evicted: the sockets hibernate, they are not dropped", async () => {
    const board = await open("/api/live/board", (await createBarista()).cookie);
    const owner = await createSignedInUser();
    const ownerPage = await open("/api/live/orders", owner.cookie);
    expect(await runInDurableObject(anaheim(), (instance: LocationChannel) => instance.connections())).toMatchObject({
      boards: expect.any(Number),
    });

    await evictDurableObject(anaheim());

    const order = staffOrder({ status: "preparing" });
    await publishOrderUpdate(env, { locationId: "loc-anaheim", ownerUserId: owner.userId, order });
    expect((await board.next<BoardOrderMessage>((m) => m.order?.id === order.id)).order.status).toBe("preparing");
    expect((await ownerPage.next<ShopperOrderMessage>((m) => m.order?.id === order.id)).order.status).toBe("preparing");
  });

  it("counts a closed socket out", async () => {
    const barista = await createBarista();
    const board = await open("/api/live/board", barista.cookie);
    const before = await runInDurableObject(anaheim(), (instance: LocationChannel) => instance.connections());
    board.close();
    await expect
      .poll(() => runInDurableObject(anaheim(), (instance: LocationChannel) => instance.connections()), {
        timeout: 3000,
      })
      .toMatchObject({ boards: before.boards - 1 });
  });
});

describe("live updates from the API", () => {
  it("brings a new pay-on-pickup order to an open board, and each status change to the board and its owner", async () => {
    const barista = await createBarista();
    const board = await open("/api/live/board", barista.cookie);
    const shopper = await createSignedInUser({ username: "Alan Turing" });
    const ownerPage = await open("/api/live/orders", shopper.cookie);
    const strangerPage = await open("/api/live/orders", (await createSignedInUser()).cookie);

    const { orderId } = await placeOrder(shopper);
    const arrived = await board.next<BoardOrderMessage>((m) => m.type === "order" && m.order.id === orderId);
    expect(arrived.order).toMatchObject({
      status: "received",
      customerName: "Alan Turing",
      lines: [{ name: "Sunrise Orange", quantity: 2 }, { name: "Ginger Fire Shot" }],
    });

    for (const status of ["preparing", "ready"] as const) {
      expect((await postStatus(barista.cookie, orderId, { status })).status).toBe(200);
      await board.next<BoardOrderMessage>(
        (m) => m.type === "order" && m.order.id === orderId && m.order.status === status,
      );
      await ownerPage.next<ShopperOrderMessage>(
        (m) => m.type === "progress" && m.order.id === orderId && m.order.status === status,
      );
    }
    expect(await strangerPage.quietFor(200)).toEqual([]);
  });
});
