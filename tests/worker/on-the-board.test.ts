import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { isOnBoard } from "#common/order-lifecycle";
import { ORDER_STATUSES, PAYMENT_STATES, type OrderStatus, type PaymentState } from "#common/orders";
import { getDb } from "#worker/db/client";
import { listBoardOrders } from "#worker/services/orders/board-orders";
import { createSignedInUser } from "./sign-in";

/**
 * "On the board" is written twice: in SQL for the board's read (worker/services/orders/board-orders.ts
 * onTheBoard) and in TypeScript for the board's live updates (common/order-lifecycle.ts isOnBoard).
 * For an order of today in every status, payment mode and payment state the database allows, the two
 * must agree: what the board reads is exactly what a live update keeps on it.
 */
const db = getDb(env.DB);
const PAY_ON_PICKUP_STATES: readonly PaymentState[] = [
  "not_required",
  "paid_at_counter",
  "not_collected",
  "given_back",
];

const cases = ORDER_STATUSES.flatMap((status) => [
  ...PAY_ON_PICKUP_STATES.map((paymentState) => ({ status, paymentMode: "pay_on_pickup", paymentState })),
  ...PAYMENT_STATES.map((paymentState) => ({ status, paymentMode: "stripe", paymentState })),
]) as { status: OrderStatus; paymentMode: "pay_on_pickup" | "stripe"; paymentState: PaymentState }[];
const idOf = (index: number) => `board-twin-${String(index).padStart(3, "0")}`;

let shopperId: string;
const placedAt = new Date().toISOString();

beforeAll(async () => {
  shopperId = (await createSignedInUser()).userId;
  await env.DB.batch(
    cases.map((each, index) =>
      env.DB.prepare(
        `INSERT INTO orders (id, user_id, location_id, status, payment_mode, payment_state, total_cents, customer_name,
          customer_email, phone, created_at, updated_at)
         VALUES (?, ?, 'loc-anaheim', ?, ?, ?, 649, 'Ada Lovelace', 'ada@example.com', '+1 714 555 0100', ?, ?)`,
      ).bind(idOf(index), shopperId, each.status, each.paymentMode, each.paymentState, placedAt, placedAt),
    ),
  );
});

describe("on the board: the SQL and the TypeScript agree", () => {
  it(`for all ${cases.length} combinations of status, payment mode and payment state`, async () => {
    const dayStart = new Date(Date.now() - 60 * 60_000).toISOString();
    const read = new Set((await listBoardOrders(db, "loc-anaheim", dayStart)).map((order) => order.id));
    const disagreements = cases
      .map((each, index) => ({ ...each, sql: read.has(idOf(index)), typescript: isOnBoard(each) }))
      .filter((each) => each.sql !== each.typescript);
    expect(disagreements).toEqual([]);
    // Neither side is empty or full, so the comparison can fail both ways.
    expect(read.size).toBeGreaterThan(0);
    expect(read.size).toBeLessThan(cases.length);
  });
});
