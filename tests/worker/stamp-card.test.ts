import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { LoyaltyResponse } from "#common/loyalty";
import type { CreateOrderResponse } from "#common/orders";
import { api, json } from "./helpers";
import { postOrder } from "./order-requests";
import { createBarista, createSignedInUser, type SignedInUser } from "./sign-in";
import { CART, orderRow, placeOrder, postStatus, setOrderState } from "./staff-fixtures";

// The stamp card's ledger, written by the database in the order's own statement: one stamp per
// drink of an order completed with its money in, once per completion, whatever the counter's
// tablets send twice or at once. CART is three drinks (Sunrise Orange twice, a Ginger Shot).

const CART_DRINKS = 3;

const DONE_COLLECTED = { status: "completed", payment: "collected" };
const DONE_NOT_COLLECTED = { status: "completed", payment: "not_collected" };
const recall = (cookie: string, orderId: string) =>
  postStatus(cookie, orderId, {}, `/api/staff/orders/${orderId}/recall`);
const collect = (cookie: string, orderId: string) =>
  postStatus(cookie, orderId, {}, `/api/staff/orders/${orderId}/paid-at-counter`);

async function cardOf(shopper: SignedInUser): Promise<LoyaltyResponse> {
  const response = await api("/api/loyalty", { headers: { Cookie: shopper.cookie } });
  expect(response.status).toBe(200);
  return json<LoyaltyResponse>(response);
}

/** The order's ledger rows, oldest first, as kind:generation:stamps. */
async function ledgerOf(orderId: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT kind, generation, stamps FROM stamp_ledger WHERE order_id = ? ORDER BY id",
  )
    .bind(orderId)
    .all<{ kind: string; generation: number; stamps: number }>();
  return results.map((row) => `${row.kind}:${row.generation}:${row.stamps}`);
}

async function netStampsOf(orderId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT coalesce(sum(stamps), 0) AS stamps FROM stamp_ledger WHERE order_id = ?")
    .bind(orderId)
    .first<{ stamps: number }>();
  return row!.stamps;
}

/** A placed pay-on-pickup order of CART, made and waiting at the counter. */
async function readyOrder(shopper?: SignedInUser) {
  const placed = await placeOrder(shopper);
  await setOrderState(placed.orderId, "ready");
  return placed;
}

describe("earning stamps", () => {
  it("gives one per drink when the order is handed over with its money, and nothing at placing", async () => {
    const barista = await createBarista();
    const { shopper, orderId } = await placeOrder();
    expect((await cardOf(shopper)).stamps).toBe(0);
    await setOrderState(orderId, "ready");

    expect((await postStatus(barista.cookie, orderId, DONE_COLLECTED)).status).toBe(200);
    const card = await cardOf(shopper);
    expect(card.stamps).toBe(CART_DRINKS);
    expect(card.history).toEqual([
      expect.objectContaining({ kind: "earned", stamps: CART_DRINKS, orderId, note: null }),
    ]);
    expect(card.rewards).toEqual([{ id: "rwd-free-drink", name: "A free drink", stamps: 9, available: false }]);
  });

  it("counts Done answered twice once", async () => {
    const barista = await createBarista();
    const { shopper, orderId } = await readyOrder();
    const answers = await Promise.all([
      postStatus(barista.cookie, orderId, DONE_COLLECTED),
      postStatus(barista.cookie, orderId, DONE_COLLECTED),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await postStatus(barista.cookie, orderId, DONE_COLLECTED)).status).toBe(200);
    expect(await ledgerOf(orderId)).toEqual([`earned:0:${CART_DRINKS}`]);
    expect((await cardOf(shopper)).stamps).toBe(CART_DRINKS);
  });

  it("gives none for an order handed over unpaid, then once when Collect brings the money in, answered twice", async () => {
    const barista = await createBarista();
    const { shopper, orderId } = await readyOrder();
    expect((await postStatus(barista.cookie, orderId, DONE_NOT_COLLECTED)).status).toBe(200);
    expect((await cardOf(shopper)).stamps).toBe(0);

    const answers = await Promise.all([collect(barista.cookie, orderId), collect(barista.cookie, orderId)]);
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
    expect((await collect(barista.cookie, orderId)).status).toBeLessThan(500);
    expect(await ledgerOf(orderId)).toEqual([`earned:0:${CART_DRINKS}`]);
    expect((await cardOf(shopper)).stamps).toBe(CART_DRINKS);
  });

  it("takes them back on Recall, and a second completion earns once more", async () => {
    const barista = await createBarista();
    const { shopper, orderId } = await readyOrder();
    await postStatus(barista.cookie, orderId, DONE_COLLECTED);
    expect((await recall(barista.cookie, orderId)).status).toBe(200);
    expect((await cardOf(shopper)).stamps).toBe(0);

    await setOrderState(orderId, "ready");
    // The counter's money stays collected across the Recall: the second Done earns again.
    expect((await postStatus(barista.cookie, orderId, DONE_COLLECTED)).status).toBe(200);
    expect(await ledgerOf(orderId)).toEqual([
      `earned:0:${CART_DRINKS}`,
      `taken_back:0:-${CART_DRINKS}`,
      `earned:1:${CART_DRINKS}`,
    ]);
    expect((await cardOf(shopper)).stamps).toBe(CART_DRINKS);
  });

  it("leaves an order's net stamps equal to its drinks, or none, when Done races Recall", async () => {
    const barista = await createBarista();
    for (let round = 0; round < 6; round += 1) {
      const { orderId } = await readyOrder();
      // A second tablet recalls while the first answers Done; either order of landing is fine.
      await Promise.all([postStatus(barista.cookie, orderId, DONE_COLLECTED), recall(barista.cookie, orderId)]);
      const row = await orderRow(orderId);
      const earning = row.status === "completed" && row.paymentState === "paid_at_counter";
      expect(await netStampsOf(orderId), `round ${round}: ${row.status}/${row.paymentState}`).toBe(
        earning ? CART_DRINKS : 0,
      );
    }
  });

  it("gives none for a drink a code made free", async () => {
    const barista = await createBarista();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO promo_codes (code, kind, amount, max_uses_per_account) VALUES ('GINGERFREE', 'percent', 100, NULL)",
      ),
      env.DB.prepare("INSERT INTO promo_code_drinks (code, product_id) VALUES ('GINGERFREE', 'prd-ginger-shot')"),
    ]);
    const shopper = await createSignedInUser({
      username: "Free Shot",
      email: `free-${crypto.randomUUID()}@example.com`,
    });
    const placed = await postOrder(shopper.cookie, { ...CART, promoCode: "gingerfree" });
    expect(placed.status).toBe(201);
    const { order } = await json<CreateOrderResponse>(placed);
    await setOrderState(order.id, "ready");
    await postStatus(barista.cookie, order.id, DONE_COLLECTED);
    // Two Sunrise Oranges earn; the free Ginger Shot does not.
    expect(await ledgerOf(order.id)).toEqual(["earned:0:2"]);
  });
});

describe("GET /api/loyalty", () => {
  it("sums the whole ledger, the owner's adjustments included, and offers a reward once the stamps cover it", async () => {
    const barista = await createBarista();
    const { shopper, orderId } = await readyOrder();
    await postStatus(barista.cookie, orderId, DONE_COLLECTED);
    await env.DB.prepare(
      "INSERT INTO stamp_ledger (user_id, kind, stamps, note, adjusted_by) VALUES (?, 'adjusted', 6, 'Paper card from the old till', 'owner@squeeze-juice.example')",
    )
      .bind(shopper.userId)
      .run();
    const card = await cardOf(shopper);
    expect(card.stamps).toBe(CART_DRINKS + 6);
    expect(card.rewards).toEqual([{ id: "rwd-free-drink", name: "A free drink", stamps: 9, available: true }]);
    expect(card.history.map((entry) => [entry.kind, entry.stamps, entry.note])).toEqual([
      ["adjusted", 6, "Paper card from the old till"],
      ["earned", CART_DRINKS, null],
    ]);
  });

  it("refuses an adjustment that does not say who made it and why", async () => {
    const shopper = await createSignedInUser({
      username: "No Note",
      email: `nonote-${crypto.randomUUID()}@example.com`,
    });
    for (const [note, by] of [
      [null, "owner@squeeze-juice.example"],
      ["  ", "owner@squeeze-juice.example"],
      ["Goodwill", null],
      ["Goodwill", ""],
    ]) {
      await expect(
        env.DB.prepare(
          "INSERT INTO stamp_ledger (user_id, kind, stamps, note, adjusted_by) VALUES (?, 'adjusted', 2, ?, ?)",
        )
          .bind(shopper.userId, note, by)
          .run(),
      ).rejects.toThrow(/stamp_ledger_source_named/);
    }
    expect((await cardOf(shopper)).stamps).toBe(0);
  });

  it("is for a signed-in shopper only, and shows each shopper their own card", async () => {
    expect((await api("/api/loyalty")).status).toBe(401);
    expect((await api("/api/loyalty", { headers: { Cookie: "squeeze_session=forged" } })).status).toBe(401);
    const barista = await createBarista();
    const first = await readyOrder();
    await postStatus(barista.cookie, first.orderId, DONE_COLLECTED);
    const other = await createSignedInUser({ username: "Other", email: `other-${crypto.randomUUID()}@example.com` });
    expect((await cardOf(other)).stamps).toBe(0);
    expect((await cardOf(first.shopper)).stamps).toBe(CART_DRINKS);
  });
});
