import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { OrderStatus, PaymentState } from "#common/orders";
import type { StaffOrderResponse } from "#common/staff-orders";
import type { StaffMembership } from "#common/staff";
import { ApiError } from "#worker/lib/errors";
import { collectAtCounter, recallOrder } from "#worker/services/staff/counter-changes";
import { changeOrderStatus, type StatusChangeInput } from "#worker/services/staff/order-status";
import { json } from "./helpers";
import { createBarista } from "./sign-in";
import { db, eventsOf, orderRow, placeOrder, postStatus, setOrderState } from "./staff-fixtures";

type State = { status: OrderStatus; paymentState: PaymentState };

/** A counter move as the board sends it, naming the state the tablet showed. */
interface Move {
  name: string;
  path: "status" | "paid-at-counter" | "recall";
  body?: Record<string, unknown>;
}
const START: Move = { name: "Start", path: "status", body: { status: "preparing" } };
const READY: Move = { name: "Ready", path: "status", body: { status: "ready" } };
const DONE_COLLECTED: Move = {
  name: "Done collected",
  path: "status",
  body: { status: "completed", payment: "collected" },
};
const DONE_NOT_COLLECTED: Move = {
  name: "Done not collected",
  path: "status",
  body: { status: "completed", payment: "not_collected" },
};
const CANCEL: Move = { name: "Cancel", path: "status", body: { status: "cancelled", reason: "Customer asked" } };
const COLLECT: Move = { name: "Collect", path: "paid-at-counter" };
const RECALL: Move = { name: "Recall", path: "recall" };

/**
 * Each state of a pay-on-pickup order in which two different counter moves are allowed, with those
 * moves (a cancelled order allows one move only: Recall, or Give back when it was paid).
 */
const STATES: Array<State & { moves: Move[] }> = [
  { status: "received", paymentState: "not_required", moves: [START, CANCEL, COLLECT] },
  { status: "preparing", paymentState: "not_required", moves: [READY, CANCEL, COLLECT] },
  { status: "ready", paymentState: "not_required", moves: [DONE_COLLECTED, DONE_NOT_COLLECTED, CANCEL, COLLECT] },
  { status: "completed", paymentState: "not_collected", moves: [RECALL, COLLECT] },
];
const ROUNDS = 20;

/** Moves that do not conflict: both succeed, in whichever order they land. */
const BOTH_GO_THROUGH = new Set(
  [
    [START, COLLECT],
    [READY, COLLECT],
    [DONE_COLLECTED, COLLECT],
  ].map((pair) => pair.map((move) => move.name).join(" + ")),
);

const ORDER_COLUMNS_COPIED = [
  "user_id",
  "location_id",
  "payment_mode",
  "total_cents",
  "subtotal_cents",
  "customer_name",
  "customer_email",
  "phone",
  "fulfilment",
  "fulfilment_address",
  "delivery_fee_cents",
  "tip_cents",
];

/**
 * Copies of a placed order in the given state, with its lines, pickup and a history row that
 * says how it got there: hundreds of orders in a few batches, without placing each one.
 */
async function copiesOf(orderId: string, state: State, count: number) {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  if (count === 0) return ids;
  const now = new Date().toISOString();
  const columns = ORDER_COLUMNS_COPIED.join(", ");
  await env.DB.batch(
    ids.flatMap((id) => [
      env.DB.prepare(
        `INSERT INTO orders (id, status, payment_state, created_at, updated_at, ${columns}) SELECT ?, ?, ?, ?, ?, ${columns} FROM orders WHERE id = ?`,
      ).bind(id, state.status, state.paymentState, now, now, orderId),
      env.DB.prepare(
        "INSERT INTO order_items (order_id, product_id, name, image, size, unit_price_cents, quantity, comment) SELECT ?, product_id, name, image, size, unit_price_cents, quantity, comment FROM order_items WHERE order_id = ?",
      ).bind(id, orderId),
      env.DB.prepare(
        "INSERT INTO order_pickups (order_id, location_id, mode, pickup_at) SELECT ?, location_id, mode, pickup_at FROM order_pickups WHERE order_id = ?",
      ).bind(id, orderId),
      env.DB.prepare(
        "INSERT INTO order_events (order_id, status, payment_state, actor, created_at) VALUES (?, ?, ?, 'staff', ?)",
      ).bind(id, state.status, state.paymentState, now),
    ]),
  );
  return ids;
}

/**
 * The move made through the counter's own service, as its route does after signing the member in:
 * hundreds of rounds stay quick. Its answer's HTTP status.
 */
async function make(
  staff: StaffMembership,
  staffUserId: string,
  orderId: string,
  move: Move,
  shown: State,
): Promise<number> {
  const input = { db, staff, staffUserId, orderId };
  try {
    if (move.path === "status") {
      const body = move.body as Pick<StatusChangeInput, "status" | "reason" | "payment">;
      await changeOrderStatus({ ...input, env, ...body, expected: shown });
    } else if (move.path === "paid-at-counter") await collectAtCounter(input);
    else await recallOrder(input);
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

describe("two tablets answering Done differently", () => {
  it("keeps the first answer and refuses the other with 409 order_changed naming what was recorded", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    await setOrderState(orderId, "ready");
    const [collected, notCollected] = await Promise.all([
      postStatus(barista.cookie, orderId, DONE_COLLECTED.body),
      postStatus(barista.cookie, orderId, DONE_NOT_COLLECTED.body),
    ]);
    expect([collected.status, notCollected.status].sort()).toEqual([200, 409]);
    const row = await orderRow(orderId);
    const [winner, loser] = collected.status === 200 ? [collected, notCollected] : [notCollected, collected];
    expect((await json<StaffOrderResponse>(winner)).order.paymentState).toBe(row.paymentState);
    const error = (await json<ApiErrorBody>(loser)).error;
    expect(error.code).toBe("order_changed");
    expect(error.message).toContain(row.paymentState === "paid_at_counter" ? "paid at the counter" : "not paid");
    expect((await eventsOf(orderId)).filter((event) => event.status === "completed")).toHaveLength(1);
  });

  it("refuses a Done answered after the other answer was recorded, with or without the state the tablet showed", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    await setOrderState(orderId, "ready");
    expect((await postStatus(barista.cookie, orderId, DONE_NOT_COLLECTED.body)).status).toBe(200);
    const late = await postStatus(barista.cookie, orderId, DONE_COLLECTED.body);
    expect(late.status).toBe(409);
    expect((await json<ApiErrorBody>(late)).error).toMatchObject({ code: "order_changed" });
    const shown = { status: "ready", paymentState: "not_required" };
    const stale = await postStatus(barista.cookie, orderId, { ...DONE_COLLECTED.body, expected: shown });
    expect(stale.status).toBe(409);
    // The same answer again changes nothing and is no error.
    expect((await postStatus(barista.cookie, orderId, DONE_NOT_COLLECTED.body)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "completed", paymentState: "not_collected" });
    // Collected later is its own move, and goes through.
    expect((await postStatus(barista.cookie, orderId, {}, `/api/staff/orders/${orderId}/paid-at-counter`)).status).toBe(
      200,
    );
  });

  it("refuses money recorded as collected being answered 'not collected' at Done", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    await setOrderState(orderId, "ready", "paid_at_counter");
    const response = await postStatus(barista.cookie, orderId, DONE_NOT_COLLECTED.body);
    expect(response.status).toBe(409);
    expect((await json<ApiErrorBody>(response)).error.code).toBe("order_changed");
    expect(await orderRow(orderId)).toMatchObject({ status: "ready", paymentState: "paid_at_counter" });
  });
});

describe("a move naming the state the tablet showed", () => {
  it("is refused with 409 order_changed when that state no longer holds, and nothing is written", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    await setOrderState(orderId, "ready");
    const before = await eventsOf(orderId);
    const cases = [
      { status: "preparing", expected: { status: "received", paymentState: "not_required" } },
      { status: "cancelled", reason: "Shop closing", expected: { status: "ready", paymentState: "paid_at_counter" } },
      { status: "completed", payment: "collected", expected: { status: "received", paymentState: "not_required" } },
    ];
    for (const body of cases) {
      const response = await postStatus(barista.cookie, orderId, body);
      expect(response.status, JSON.stringify(body)).toBe(409);
      expect((await json<ApiErrorBody>(response)).error.code).toBe("order_changed");
    }
    expect(await orderRow(orderId)).toMatchObject({ status: "ready", paymentState: "not_required" });
    expect(await eventsOf(orderId)).toHaveLength(before.length);
  });

  it("goes through when only what the move does not depend on changed (Start after Collect)", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    await setOrderState(orderId, "received", "paid_at_counter");
    const response = await postStatus(barista.cookie, orderId, {
      status: "preparing",
      expected: { status: "received", paymentState: "not_required" },
    });
    expect(response.status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "preparing", paymentState: "paid_at_counter" });
  });

  it("names an unknown status or payment state as the field at fault", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    for (const expected of [
      { status: "lost", paymentState: "paid" },
      { status: "ready", paymentState: "free" },
      "ready",
    ]) {
      const response = await postStatus(barista.cookie, orderId, { status: "preparing", expected });
      expect(response.status).toBe(400);
      expect((await json<ApiErrorBody>(response)).error.field).toMatch(/^expected/);
    }
  });
});

describe("every pair of counter moves made at once", () => {
  // Hundreds of moves at once: a loaded machine needs more than the usual 20 s.
  it(
    `leaves each order's last history row saying what the order holds (${ROUNDS} rounds a pair)`,
    { timeout: 90_000 },
    async () => {
      const barista = await createBarista();
      const { orderId: template } = await placeOrder();
      const { locationId } = await orderRow(template);
      const staff: StaffMembership = { locationId, locationName: "The shop", role: "staff" };
      const rounds: Array<{ orderId: string; shown: State; moves: [Move, Move] }> = [];
      for (const state of STATES) {
        const pairs = state.moves.flatMap((first, index) =>
          state.moves.slice(index + 1).map((second) => [first, second] as [Move, Move]),
        );
        const ids = await copiesOf(template, state, pairs.length * ROUNDS);
        const shown = { status: state.status, paymentState: state.paymentState };
        pairs.forEach((moves, pairIndex) => {
          for (let round = 0; round < ROUNDS; round++) {
            rounds.push({ orderId: ids[pairIndex * ROUNDS + round]!, shown, moves });
          }
        });
      }

      const answers = await Promise.all(
        rounds.map(({ orderId, shown, moves }) =>
          Promise.all(moves.map((move) => make(staff, barista.userId, orderId, move, shown))),
        ),
      );
      for (const [index, statuses] of answers.entries()) {
        const names = rounds[index]!.moves.map((move) => move.name);
        const pair = names.join(" + ");
        for (const status of statuses) expect([200, 409], pair).toContain(status);
        // Two answers to one Done: one is kept, the other refused.
        if (names.includes(DONE_COLLECTED.name) && names.includes(DONE_NOT_COLLECTED.name)) {
          expect(statuses.sort(), pair).toEqual([200, 409]);
        }
        if (BOTH_GO_THROUGH.has(pair)) expect(statuses, pair).toEqual([200, 200]);
      }

      const ids = rounds.map((round) => round.orderId);
      const { results } = await env.DB.prepare(
        `SELECT o.id, o.status, o.payment_state AS paymentState, e.status AS historyStatus, e.payment_state AS historyPaymentState
       FROM orders o JOIN order_events e ON e.id = (SELECT max(id) FROM order_events WHERE order_id = o.id)
       WHERE o.id IN (SELECT value FROM json_each(?))`,
      )
        .bind(JSON.stringify(ids))
        .all<State & { id: string; historyStatus: OrderStatus; historyPaymentState: PaymentState }>();
      expect(results).toHaveLength(ids.length);
      const disagreeing = results.filter(
        (row) => row.status !== row.historyStatus || row.paymentState !== row.historyPaymentState,
      );
      expect(disagreeing).toEqual([]);
    },
  );
});
