/**
 * Concurrent staff writes against a running local server, to see whether any request is dropped
 * (the connection fails instead of answering): 4 rounds of 20 at once, mixing pause, resume and
 * sold-out toggles with board reads, then 20 fresh orders moved through their statuses 20 at a
 * time. Prints the answers by status code, every dropped request and every 5xx; exits 1 on either.
 *
 *   node scripts/dev-burst.mjs http://localhost:5173 [rounds]
 */
import { randomUUID } from "node:crypto";
import { postLocalOrder } from "./lib/local-orders.mjs";
import { signInLocally } from "./lib/local-sign-in.mjs";

const origin = process.argv[2] ?? "http://localhost:5173";
const rounds = Number(process.argv[3] ?? 4);
const staffCookie = await signInLocally(origin, {
  provider: "google",
  name: "Sam Barista",
  email: "barista@example.com",
});
const staffHeaders = { Cookie: staffCookie, Origin: origin, "Content-Type": "application/json" };

let dropped = 0;
let serverErrors = 0;
let unplaced = 0;
const statuses = {};

/** Runs the requests at once and counts their answers and drops. */
async function burst(label, requests) {
  const results = await Promise.allSettled(
    requests.map((send) =>
      send().then(async (response) => {
        await response.text();
        return response.status;
      }),
    ),
  );
  for (const result of results) {
    if (result.status === "rejected") {
      dropped++;
      const reason = result.reason;
      console.log(`${label}: dropped (${reason?.cause?.code ?? reason?.cause?.message ?? reason?.message})`);
    } else {
      statuses[result.value] = (statuses[result.value] ?? 0) + 1;
      // The dev server answers a request its worker never finished with 500 ("fetch failed" in its log).
      if (result.value >= 500) {
        serverErrors++;
        console.log(`${label}: ${result.value}`);
      }
    }
  }
}

const post = (path, body) => () =>
  fetch(`${origin}${path}`, { method: "POST", headers: staffHeaders, body: JSON.stringify(body) });
const get = (path) => () => fetch(`${origin}${path}`, { headers: staffHeaders });
const shopControls = [
  () =>
    post("/api/staff/availability/sold-out", {
      productId: "prd-sunrise-orange",
      size: "all",
      soldOut: Math.random() < 0.5,
    }),
  () => post("/api/staff/availability/pause", { minutes: 15 }),
  () => post("/api/staff/availability/resume", {}),
  () => get("/api/staff/orders"),
  () => get("/api/staff/availability"),
];
for (let round = 0; round < rounds; round++) {
  await burst(
    `shop controls, round ${round + 1}`,
    Array.from({ length: 20 }, (_, i) => shopControls[i % 5]()),
  );
}
// Leave the shop open, and the drink the rounds toggled on sale, for the orders below.
await post("/api/staff/availability/resume", {})();
await post("/api/staff/availability/sold-out", { productId: "prd-sunrise-orange", size: "all", soldOut: false })();

// 20 orders from four shoppers (the per-account limit is 5 in 10 minutes), then moved 20 at a time.
const orderIds = [];
for (let shopper = 0; shopper < 4; shopper++) {
  const address = `10.201.${Date.now() % 250}.${shopper + 1}`;
  const cookie = await signInLocally(origin, {
    provider: "google",
    name: `Rush ${shopper}`,
    email: `rush-${shopper}-${randomUUID().slice(0, 8)}@example.com`,
    clientAddress: address,
  });
  for (let order = 0; order < 5; order++) {
    const response = await postLocalOrder(origin, {
      cookie,
      clientAddress: address,
      body: {
        lines: [{ productId: "prd-sunrise-orange", size: "medium", quantity: 1, note: "" }],
        phone: "+1 714 555 0100",
      },
    });
    const body = await response.json();
    if (response.status === 201) orderIds.push(body.order.id);
    else {
      console.log(`order not placed (${response.status}): ${JSON.stringify(body).slice(0, 160)}`);
      unplaced += 1;
    }
  }
}
for (const status of ["preparing", "ready", "completed"]) {
  await burst(
    `orders to ${status}`,
    // Pay on pickup: Done says the money was collected, as the board's "Collected $x?" does.
    orderIds.map((id) =>
      post(`/api/staff/orders/${id}/status`, { status, ...(status === "completed" ? { payment: "collected" } : {}) }),
    ),
  );
}

console.log(JSON.stringify({ dropped, serverErrors, unplaced, statuses }));
// An order that was not placed means the status rounds ran short: the run proved less than it says.
process.exitCode = dropped + serverErrors + unplaced > 0 ? 1 : 0;
