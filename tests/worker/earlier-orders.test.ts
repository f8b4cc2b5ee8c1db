import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import {
  EARLIER_CLOSED_REASON,
  EARLIER_ORDERS_PAGE_SIZE,
  type EarlierOrdersClosed,
  type EarlierOrdersResponse,
} from "#common/earlier-orders";
import { shopDayStart } from "#common/shop-calendar";
import type { StaffOrdersResponse } from "#common/staff-orders";
import { api, json } from "./helpers";
import { addPromoCode, usesOf } from "./promo-fixtures";
import { createBarista, createSignedInUser } from "./sign-in";
import { eventsOf, orderRow, postStatus } from "./staff-fixtures";

const ZONE = "America/Los_Angeles";
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let barista: { cookie: string; userId: string };
let shopperId: string;
let dayStart: number;

/** Rows of a rush's orders: two or three drinks, add-ons on a smoothie, a note on some. */
function orderStatements(
  id: string,
  fields: {
    status: string;
    createdAt: string;
    updatedAt?: string;
    paymentMode?: string;
    paymentState?: string;
    totalCents?: number;
  },
  pickup?: { mode: "slot" | "asap"; at: string },
) {
  const statements = [
    env.DB.prepare(
      `INSERT INTO orders (id, user_id, location_id, status, payment_mode, payment_state, total_cents, customer_name,
        customer_email, phone, created_at, updated_at)
       VALUES (?, ?, 'loc-anaheim', ?, ?, ?, ?, 'Maria Gonzalez-Whitfield', 'maria@example.com', '+1 714 555 0100', ?, ?)`,
    ).bind(
      id,
      shopperId,
      fields.status,
      fields.paymentMode ?? "pay_on_pickup",
      fields.paymentState ?? "not_required",
      fields.totalCents ?? 2147,
      fields.createdAt,
      fields.updatedAt ?? fields.createdAt,
    ),
    env.DB.prepare(
      `INSERT INTO order_items (order_id, product_id, name, size, unit_price_cents, quantity, comment)
       VALUES (?, 'prd-sunrise-orange', 'Sunrise Orange', 'medium', 649, 2, 'Less ice, please')`,
    ).bind(id),
    env.DB.prepare(
      `INSERT INTO order_items (order_id, product_id, name, size, unit_price_cents, quantity, comment)
       VALUES (?, 'prd-berry-blast', 'Berry Blast Smoothie', 'large', 849, 1, '')`,
    ).bind(id),
    env.DB.prepare(
      `INSERT INTO order_item_options (order_id, line_index, position, name, price_cents, is_default)
       VALUES (?, 1, 0, 'Oat milk', 75, 0), (?, 1, 1, 'Extra protein', 100, 0)`,
    ).bind(id, id),
  ];
  if (pickup) {
    statements.push(
      env.DB.prepare(
        "INSERT INTO order_pickups (order_id, location_id, mode, pickup_at) VALUES (?, 'loc-anaheim', ?, ?)",
      ).bind(id, pickup.mode, pickup.at),
    );
  }
  return statements;
}

async function insertAll(statements: D1PreparedStatement[]) {
  for (let start = 0; start < statements.length; start += 200) {
    await env.DB.batch(statements.slice(start, start + 200));
  }
}

const iso = (at: number) => new Date(at).toISOString();
const staffOrders = async () =>
  json<StaffOrdersResponse>(await api("/api/staff/orders", { headers: { Cookie: barista.cookie } }));

beforeAll(async () => {
  barista = await createBarista();
  shopperId = (await createSignedInUser()).userId;
  dayStart = shopDayStart(Date.now(), ZONE).getTime();
});

describe("orders left open from an earlier day of the shop", () => {
  it("come apart by the shop's calendar day: pickup time for a slot, placing time for as soon as possible", async () => {
    await insertAll([
      // Placed 30 minutes before today began on the shop's clock (already "today" in UTC at times).
      ...orderStatements(
        "asap-last-night",
        { status: "received", createdAt: iso(dayStart - 30 * MINUTE) },
        {
          mode: "asap",
          at: iso(dayStart - 20 * MINUTE),
        },
      ),
      ...orderStatements("asap-this-morning", { status: "preparing", createdAt: iso(dayStart + MINUTE) }),
      // Placed yesterday for a pickup time today: today's.
      ...orderStatements(
        "slot-for-today",
        { status: "received", createdAt: iso(dayStart - 5 * 60 * MINUTE) },
        {
          mode: "slot",
          at: iso(dayStart + 9 * 60 * MINUTE),
        },
      ),
      // A pickup time yesterday, never collected.
      ...orderStatements(
        "slot-yesterday",
        { status: "ready", createdAt: iso(dayStart - DAY) },
        {
          mode: "slot",
          at: iso(dayStart - DAY + 10 * 60 * MINUTE),
        },
      ),
    ]);
    const answer = await staffOrders();
    const ids = answer.orders.map((order) => order.id);
    expect(ids).toEqual(expect.arrayContaining(["asap-this-morning", "slot-for-today"]));
    expect(ids).not.toContain("asap-last-night");
    expect(ids).not.toContain("slot-yesterday");
    expect(answer.earlier.count).toBe(2);

    const page = await json<EarlierOrdersResponse>(
      await api("/api/staff/orders/earlier", { headers: { Cookie: barista.cookie } }),
    );
    expect(page).toMatchObject({ total: 2, nextOffset: null });
    expect(page.orders.map((order) => order.id).sort()).toEqual(["asap-last-night", "slot-yesterday"]);
  });

  it("are closed by one action, each with its history row: Ready ones completed, the others cancelled", async () => {
    await insertAll([
      ...orderStatements("card-paid-yesterday", {
        status: "preparing",
        createdAt: iso(dayStart - DAY),
        paymentMode: "stripe",
        paymentState: "paid",
      }),
    ]);
    const close = await postStatus(barista.cookie, "", {}, "/api/staff/orders/earlier/close");
    expect(close.status).toBe(200);
    expect((await json<{ closed: EarlierOrdersClosed }>(close)).closed).toEqual({ completed: 1, cancelled: 2 });

    expect(await orderRow("slot-yesterday")).toMatchObject({ status: "completed", paymentState: "not_collected" });
    expect(await orderRow("asap-last-night")).toMatchObject({
      status: "cancelled",
      paymentState: "not_required",
      cancelReason: EARLIER_CLOSED_REASON,
    });
    // A card payment is not refunded in bulk: it waits under Refunds to retry.
    expect(await orderRow("card-paid-yesterday")).toMatchObject({
      status: "cancelled",
      paymentState: "refund_pending",
    });
    for (const id of ["slot-yesterday", "asap-last-night", "card-paid-yesterday"]) {
      const last = (await eventsOf(id)).at(-1)!;
      expect(last).toMatchObject({ actor: "staff", actorUserId: barista.userId });
      expect(["completed", "cancelled"]).toContain(last.status);
    }
    // Today's stay as they were.
    expect((await orderRow("asap-this-morning")).status).toBe("preparing");
    const answer = await staffOrders();
    expect(answer.earlier.count).toBe(0);
    expect(answer.orders.map((order) => order.id)).toContain("card-paid-yesterday");
    // Not today's work: kept out of the Done list.
    expect(answer.done.map((order) => order.id)).not.toContain("slot-yesterday");
    // Nothing left: closing again closes nothing.
    const again = await postStatus(barista.cookie, "", {}, "/api/staff/orders/earlier/close");
    expect((await json<{ closed: EarlierOrdersClosed }>(again)).closed).toEqual({ completed: 0, cancelled: 0 });
  });

  it("close free orders with nothing to refund or collect, and give back the promo code of one nobody started", async () => {
    const code = await addPromoCode({ code: "LASTNIGHT", kind: "amount", amount: 100_000 });
    await insertAll([
      ...orderStatements("free-card-yesterday", {
        status: "preparing",
        createdAt: iso(dayStart - DAY),
        paymentMode: "stripe",
        paymentState: "paid",
        totalCents: 0,
      }),
      ...orderStatements("free-ready-yesterday", { status: "ready", createdAt: iso(dayStart - DAY), totalCents: 0 }),
      ...orderStatements("coded-never-started", { status: "received", createdAt: iso(dayStart - DAY) }),
      ...orderStatements("coded-started", { status: "preparing", createdAt: iso(dayStart - DAY) }),
      env.DB.prepare(
        "INSERT INTO promo_code_uses (order_id, code, user_id, account_use) VALUES (?, ?, ?, 1), (?, ?, ?, 2)",
      ).bind("coded-never-started", code, shopperId, "coded-started", code, shopperId),
    ]);
    expect(await usesOf(code)).toBe(2);
    const close = await postStatus(barista.cookie, "", {}, "/api/staff/orders/earlier/close");
    expect(close.status).toBe(200);

    // Its discounts made it free: cancelled with nothing owed, not a $0.00 refund to retry forever.
    expect(await orderRow("free-card-yesterday")).toMatchObject({ status: "cancelled", paymentState: "paid" });
    expect((await staffOrders()).orders.map((order) => order.id)).not.toContain("free-card-yesterday");
    // Nothing to collect for a free one that was Ready: not on the day's unpaid list.
    expect(await orderRow("free-ready-yesterday")).toMatchObject({ status: "completed", paymentState: "not_required" });
    // Nobody made it: the shopper may use the code again; the one that was started keeps its use.
    expect(await orderRow("coded-never-started")).toMatchObject({ status: "cancelled" });
    expect(await usesOf(code)).toBe(1);
  });

  it("refuses a page asked for with a bad offset, naming it", async () => {
    for (const offset of ["-1", "abc", "1.5"]) {
      const response = await api(`/api/staff/orders/earlier?offset=${offset}`, {
        headers: { Cookie: barista.cookie },
      });
      expect(response.status, offset).toBe(400);
      expect((await json<ApiErrorBody>(response)).error.field).toBe("offset");
    }
    expect((await api("/api/staff/orders/earlier")).status).toBe(401);
  });

  it("keeps the board's answer small with 40 open today, 300 from earlier days and a full Done list", async () => {
    const statements: D1PreparedStatement[] = [];
    const now = Date.now();
    // Today's: placed since the day began (or in the last minutes, just after midnight).
    const todayFrom = Math.max(dayStart + MINUTE, now - 3 * 60 * MINUTE);
    for (let i = 0; i < 40; i += 1) {
      const at = iso(todayFrom + ((now - todayFrom) * i) / 40);
      statements.push(
        ...orderStatements(`today-${i}`, { status: ["received", "preparing", "ready"][i % 3]!, createdAt: at }),
      );
    }
    for (let i = 0; i < 300; i += 1) {
      statements.push(
        ...orderStatements(`earlier-${i}`, { status: "received", createdAt: iso(dayStart - (1 + (i % 20)) * DAY) }),
      );
    }
    for (let i = 0; i < 120; i += 1) {
      const finished = iso(now - (i % 25) * MINUTE);
      statements.push(
        ...orderStatements(`done-${i}`, {
          status: "completed",
          createdAt: iso(Math.max(dayStart + MINUTE, now - 40 * MINUTE)),
          updatedAt: finished,
          paymentState: "paid_at_counter",
        }),
      );
    }
    await insertAll(statements);

    const timings: number[] = [];
    let body = "";
    for (let read = 0; read < 5; read += 1) {
      const started = performance.now();
      const response = await api("/api/staff/orders", { headers: { Cookie: barista.cookie } });
      body = await response.text();
      timings.push(performance.now() - started);
    }
    const answer = JSON.parse(body) as StaffOrdersResponse;
    expect(answer.orders.filter((order) => order.id.startsWith("today-"))).toHaveLength(40);
    expect(answer.earlier.count).toBe(300);
    expect(answer.orders.some((order) => order.id.startsWith("earlier-"))).toBe(false);
    expect(answer.done.length).toBe(100);
    const kilobytes = new TextEncoder().encode(body).length / 1024;
    expect(kilobytes).toBeLessThan(60);

    const page = await json<EarlierOrdersResponse>(
      await api(`/api/staff/orders/earlier?offset=${EARLIER_ORDERS_PAGE_SIZE}`, {
        headers: { Cookie: barista.cookie },
      }),
    );
    expect(page.orders).toHaveLength(EARLIER_ORDERS_PAGE_SIZE);
    expect(page).toMatchObject({ total: 300, nextOffset: 2 * EARLIER_ORDERS_PAGE_SIZE });
    // How long the reads took is printed, not asserted: a test's timing is the machine's as much as the code's.
    console.info(`staff orders answer: ${kilobytes.toFixed(1)} KB, ${timings.map((t) => t.toFixed(0)).join("/")} ms`);
  });
});
