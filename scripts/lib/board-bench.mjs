// The live board's benchmark cases for `npm run bench`: order boards open on their shop's live
// channel (a Durable Object per shop), each signed in with a session of its own (as every tablet
// at a counter is), shoppers place orders one after another (at several shops at once in the
// three-shop case), and for each order we time from its 201 to its arrival on EVERY board of its
// shop (the slowest board counts). Node 22's WebSocket is the boards' client; the server is the
// built app on loopback.
import { randomUUID } from "node:crypto";
import { signInLocally } from "./local-sign-in.mjs";

const ORDER = {
  lines: [{ productId: "prd-sunrise-orange", size: "medium", quantity: 1, note: "Bench" }],
  phone: "+1 714 555 0100",
};

/** The value at quantile q (0..1) of sorted numbers, nearest rank. */
export function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

function openBoard(origin, cookie, onOrder, query = "") {
  const url = `${origin.replace(/^http/, "ws")}/api/live/board${query}`;
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
      // Taken before anything else, so the client's own parsing of the message is not in the figure.
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

/** Sign-ins a few at a time: hundreds one after another would take longer than the case. */
async function signInMany(count, signIn) {
  const cookies = [];
  for (let start = 0; start < count; start += 8) {
    const batch = Array.from({ length: Math.min(8, count - start) }, (_, offset) => signIn(start + offset));
    cookies.push(...(await Promise.all(batch)));
  }
  return cookies;
}

/**
 * One shop's side of the board case: its boards open (each signed in as its barista with a
 * session of its own, so the channel checks as many sessions as there are boards) and its orders
 * placed one after another, each timed from its 201 to its arrival on every board of the shop.
 * `foreign` counts arrivals of another shop's orders on these boards (there must be none).
 */
async function benchShop({ origin, shop, boards, orders, ordersPerShopper, shopIndex, orderIdsOfShop }) {
  const boardSessions = await signInMany(boards, (index) =>
    signInLocally(origin, {
      provider: "google",
      name: `Barista ${shop.locationId}`,
      email: shop.baristaEmail,
      clientAddress: `10.201.${shopIndex * 4 + Math.floor(index / 250)}.${(index % 250) + 1}`,
    }),
  );
  /** order id → board index → arrival time (ms, performance.now()) */
  const arrivals = new Map();
  const waiters = new Map();
  let foreign = 0;
  const onOrder = (boardIndex) => (orderId, at) => {
    if (orderIdsOfShop.other(shop.locationId, orderId)) foreign += 1;
    const seen = arrivals.get(orderId) ?? new Map();
    if (!seen.has(boardIndex)) seen.set(boardIndex, at);
    arrivals.set(orderId, seen);
    if (seen.size === boards) waiters.get(orderId)?.();
  };
  const sockets = [];
  const query = `?location=${encodeURIComponent(shop.locationId)}`;
  for (let index = 0; index < boards; index += 1)
    sockets.push(await openBoard(origin, boardSessions[index], onOrder(index), query));

  // The per-account order limit: a few orders per shopper, each shopper signed in from their own address.
  const shoppers = await signInMany(Math.ceil(orders / ordersPerShopper), (index) =>
    signInLocally(origin, {
      provider: "google",
      name: `Board Bench Shopper ${index + 1}`,
      email: `board-bench-${shopIndex}-${index + 1}-${randomUUID().slice(0, 8)}@example.com`,
      clientAddress: `10.202.${shopIndex * 10 + Math.floor(index / 250)}.${(index % 250) + 1}`,
    }),
  );
  return { sockets, shoppers, arrivals, waiters, foreign: () => foreign };
}

/**
 * @param {{ origin: string, boards?: number, orders?: number, ordersPerShopper?: number,
 *   shops?: { locationId: string, baristaEmail: string, boards?: number }[] }} options
 *   Without `shops`, one shop (Anaheim) with `boards` boards. With several, every shop's orders are
 *   placed at the same time, each shop one after another.
 * @returns {Promise<{ boards: number, orders: number, allBoards: number[], eachBoard: number[], fromSend: number[], firstBoard: number[], spread: number[], timeline: { orderId: string, sentAt: number, answeredAt: number, first: number, last: number }[], missed: number, beforeResponse: number, foreign: number, shops: { locationId: string, boards: number, orders: number, allBoards: number[], missed: number, failed: string[] }[] }>}
 *   allBoards: per order, 201 → the last board of its shop (a message that beat the 201 counts 0);
 *   eachBoard: per order and board, 201 → that board; fromSend: per order, request sent → the last board;
 *   firstBoard: per order, 201 → the first board; spread: per order, the first board → the last
 *   (how long one message takes to go round the shop's sockets and the client that reads them);
 *   timeline: per order, those moments in epoch ms, to set beside the server's log;
 *   foreign: arrivals of an order on another shop's board. The totals are those of the first shop.
 */
export async function benchBoardArrival({
  origin,
  boards = 50,
  orders = 300,
  ordersPerShopper = 5,
  shops = [{ locationId: "loc-anaheim", baristaEmail: "barista@example.com" }],
}) {
  const placedAt = new Map();
  const orderIdsOfShop = {
    other: (locationId, orderId) => placedAt.has(orderId) && placedAt.get(orderId) !== locationId,
  };
  const sides = [];
  for (const [shopIndex, shop] of shops.entries()) {
    sides.push(
      await benchShop({
        origin,
        shop,
        boards: shop.boards ?? boards,
        orders,
        ordersPerShopper,
        shopIndex,
        orderIdsOfShop,
      }),
    );
  }
  const results = [];
  try {
    await Promise.all(
      shops.map(async (shop, shopIndex) => {
        const side = sides[shopIndex];
        const shopBoards = shop.boards ?? boards;
        const result = {
          locationId: shop.locationId,
          boards: shopBoards,
          orders,
          allBoards: [],
          eachBoard: [],
          fromSend: [],
          firstBoard: [],
          spread: [],
          timeline: [],
          missed: 0,
          beforeResponse: 0,
          failed: [],
        };
        results[shopIndex] = result;
        const body = JSON.stringify({ ...ORDER, ...(shops.length > 1 ? { locationId: shop.locationId } : {}) });
        for (let index = 0; index < orders; index += 1) {
          const sentAt = performance.now();
          const response = await fetch(`${origin}/api/orders`, {
            method: "POST",
            headers: {
              "Content-Type": "application/json",
              Origin: origin,
              Cookie: side.shoppers[Math.floor(index / ordersPerShopper)],
              "Idempotency-Key": `board-bench-${randomUUID()}`,
            },
            body,
          });
          const answeredAt = performance.now();
          const text = await response.text();
          if (response.status !== 201) {
            // Counted and told, not fatal: one refused order must not hide the other shops' figures.
            result.failed.push(`${response.status}: ${text.slice(0, 120)}`);
            continue;
          }
          const answer = JSON.parse(text);
          const orderId = answer.order.id;
          placedAt.set(orderId, shop.locationId);
          if ((side.arrivals.get(orderId)?.size ?? 0) < shopBoards) {
            await new Promise((resolve) => {
              const timer = setTimeout(resolve, 5_000);
              side.waiters.set(orderId, () => {
                clearTimeout(timer);
                resolve();
              });
            });
            side.waiters.delete(orderId);
          }
          const seen = side.arrivals.get(orderId) ?? new Map();
          result.missed += shopBoards - seen.size;
          if (seen.size === 0) continue;
          const delays = [...seen.values()].map((at) => at - answeredAt);
          result.beforeResponse += delays.filter((delay) => delay < 0).length;
          // A message that beat the response to the client counts as 0 ms.
          result.eachBoard.push(...delays.map((delay) => Math.max(0, delay)));
          if (seen.size === shopBoards) {
            const first = Math.min(...seen.values());
            const last = Math.max(...seen.values());
            result.allBoards.push(Math.max(0, ...delays));
            result.fromSend.push(last - sentAt);
            result.firstBoard.push(Math.max(0, first - answeredAt));
            result.spread.push(last - first);
            // Wall-clock times (epoch ms), to set beside the server's own log of the same order.
            const epoch = (at) => performance.timeOrigin + at;
            result.timeline.push({
              orderId,
              sentAt: epoch(sentAt),
              answeredAt: epoch(answeredAt),
              first: epoch(first),
              last: epoch(last),
            });
          }
        }
      }),
    );
  } finally {
    for (const side of sides) for (const socket of side.sockets) socket.close(1000, "bench done");
    // Let the server finish closing them before the next case starts.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  for (const result of results)
    for (const list of [result.allBoards, result.eachBoard, result.fromSend, result.firstBoard, result.spread])
      list.sort((a, b) => a - b);
  const first = results[0];
  return {
    ...first,
    foreign: sides.reduce((sum, side) => sum + side.foreign(), 0),
    shops: results.map(({ locationId, boards: shopBoards, orders: shopOrders, allBoards, missed, failed }) => ({
      locationId,
      boards: shopBoards,
      orders: shopOrders,
      allBoards,
      missed,
      failed,
    })),
  };
}
