// The live board's benchmark case for `npm run bench`: 50 order boards open on the location's
// live channel (the Durable Object), shoppers place orders one after another, and for each
// order we time from its 201 to its arrival on EVERY board (the slowest board counts). Node 22's
// WebSocket is the boards' client; the server is the built app on loopback.
import { randomUUID } from "node:crypto";
import { signInLocally } from "./local-sign-in.mjs";

const ORDER_BODY = JSON.stringify({
  lines: [{ productId: "prd-sunrise-orange", size: "medium", quantity: 1, note: "Bench" }],
  phone: "+1 714 555 0100",
});

/** The value at quantile q (0..1) of sorted numbers, nearest rank. */
export function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

function openBoard(origin, cookie, onOrder) {
  const url = `${origin.replace(/^http/, "ws")}/api/live/board`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { Cookie: cookie, Origin: origin } });
    const timer = setTimeout(() => reject(new Error(`board socket did not open within 10 s (${url})`)), 10_000);
    socket.addEventListener("open", () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.addEventListener("error", () => {
      clearTimeout(timer);
      reject(new Error(`board socket failed to open (${url})`));
    });
    socket.addEventListener("message", (event) => {
      const at = performance.now();
      if (typeof event.data !== "string" || event.data === "pong") return;
      try {
        const message = JSON.parse(event.data);
        if (message.type === "order" && message.order?.status === "received") onOrder(message.order.id, at);
      } catch {
        // not ours
      }
    });
  });
}

/**
 * @param {{ origin: string, boards?: number, orders?: number, ordersPerShopper?: number }} options
 * @returns {Promise<{ boards: number, orders: number, allBoards: number[], eachBoard: number[], fromSend: number[], missed: number, beforeResponse: number }>}
 *   allBoards: per order, 201 → the last board (a message that beat the 201 counts 0);
 *   eachBoard: per order and board, 201 → that board; fromSend: per order, request sent → the last board.
 */
export async function benchBoardArrival({ origin, boards = 50, orders = 60, ordersPerShopper = 5 }) {
  const barista = await signInLocally(origin, {
    provider: "google",
    name: "Sam Barista",
    email: "barista@example.com",
    clientAddress: "10.201.0.1",
  });
  /** order id → board index → arrival time (ms, performance.now()) */
  const arrivals = new Map();
  const waiters = new Map();
  const onOrder = (boardIndex) => (orderId, at) => {
    const seen = arrivals.get(orderId) ?? new Map();
    if (!seen.has(boardIndex)) seen.set(boardIndex, at);
    arrivals.set(orderId, seen);
    if (seen.size === boards) waiters.get(orderId)?.();
  };
  const sockets = [];
  for (let index = 0; index < boards; index += 1) sockets.push(await openBoard(origin, barista, onOrder(index)));

  // The per-account order limit: a few orders per shopper, each shopper signed in from their own address.
  const shoppers = [];
  for (let index = 0; index < Math.ceil(orders / ordersPerShopper); index += 1) {
    shoppers.push(
      await signInLocally(origin, {
        provider: "google",
        name: `Board Bench Shopper ${index + 1}`,
        email: `board-bench-${index + 1}-${Date.now()}@example.com`,
        clientAddress: `10.202.${Math.floor(index / 250)}.${(index % 250) + 1}`,
      }),
    );
  }

  const allBoards = [];
  const eachBoard = [];
  const fromSend = [];
  let missed = 0;
  let beforeResponse = 0;
  try {
    for (let index = 0; index < orders; index += 1) {
      const sentAt = performance.now();
      const response = await fetch(`${origin}/api/orders`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Origin: origin,
          Cookie: shoppers[Math.floor(index / ordersPerShopper)],
          "Idempotency-Key": `board-bench-${randomUUID()}`,
        },
        body: ORDER_BODY,
      });
      const answeredAt = performance.now();
      const body = await response.json();
      if (response.status !== 201)
        throw new Error(`order ${index + 1} answered ${response.status}: ${JSON.stringify(body)}`);
      const orderId = body.order.id;
      if ((arrivals.get(orderId)?.size ?? 0) < boards) {
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, 5_000);
          waiters.set(orderId, () => {
            clearTimeout(timer);
            resolve();
          });
        });
        waiters.delete(orderId);
      }
      const seen = arrivals.get(orderId) ?? new Map();
      missed += boards - seen.size;
      if (seen.size === 0) continue;
      const delays = [...seen.values()].map((at) => at - answeredAt);
      beforeResponse += delays.filter((delay) => delay < 0).length;
      // A message that beat the response to the client counts as 0 ms.
      eachBoard.push(...delays.map((delay) => Math.max(0, delay)));
      if (seen.size === boards) {
        allBoards.push(Math.max(0, ...delays));
        fromSend.push(Math.max(...seen.values()) - sentAt);
      }
    }
  } finally {
    for (const socket of sockets) socket.close(1000, "bench done");
    // Let the server finish closing them before the next case starts.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  for (const list of [allBoards, eachBoard, fromSend]) list.sort((a, b) => a - b);
  return { boards, orders, allBoards, eachBoard, fromSend, missed, beforeResponse };
}
