import { randomUUID } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { boardOverHttp, customerOverHttp, moveOverHttp } from "./staff";

/** Drinks of the seed menu as a rush brings them: juices in their sizes, shots, lemonade. */
const DRINKS = [
  { productId: "prd-sunrise-orange", size: "large" },
  { productId: "prd-green-machine", size: "medium" },
  { productId: "prd-mango-lemonade", size: "small" },
  { productId: "prd-carrot-glow", size: "medium" },
  { productId: "prd-ginger-shot", size: "default" },
  { productId: "prd-beet-shot", size: "default" },
];
const NOTES = ["", "No ice", "", "Less sweet", "", "Extra ginger, please"];
/** A smoothie with its add-ons: oat milk, protein and chia seeds (seed/modifiers.sql). */
const SMOOTHIE_WITH_ADD_ONS = {
  productId: "prd-berry-blast",
  size: "medium",
  quantity: 1,
  note: "",
  modifierIds: ["opt-milk-oat", "opt-boost-protein", "opt-boost-chia"],
};

/** The lines of the `seed`-th order of a rush. */
function rushOrderLines(seed: number) {
  return Array.from({ length: 2 + (seed % 2) }, (_, index) => {
    if (index === 0 && seed % 3 === 0) return SMOOTHIE_WITH_ADD_ONS;
    const drink = DRINKS[(seed + index) % DRINKS.length]!;
    return { ...drink, quantity: (seed + index) % 4 === 0 ? 2 : 1, note: NOTES[(seed * 2 + index) % NOTES.length] };
  });
}

/** A new account holds at most this many unpaid drinks (worker/services/orders/open-drinks.ts). */
const DRINKS_PER_NEW_ACCOUNT = 10;

/**
 * The `seed`-th order of a rush, as the person signed in on `request`: two or three drinks,
 * every third one a smoothie with add-ons, a note on some. Answers its id.
 */
export async function placeRushOrderOverHttp(request: APIRequestContext, baseURL: string, seed: number) {
  const lines = rushOrderLines(seed);
  const response = await request.post("/api/orders", {
    headers: { Origin: baseURL, "Idempotency-Key": randomUUID() },
    data: { phone: "+1 714 555 0190", lines },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { order: { id: string } }).order.id;
}

/**
 * `count` rush orders from several new customers (each may place 5 in 10 minutes and hold 10
 * unpaid drinks), oldest first. The journeys' server takes any number of new accounts' drinks
 * (scripts/serve-built.mjs).
 */
export async function rushOfOrders(browser: Browser, baseURL: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let person = 0; ids.length < count; person += 1) {
    const customer = await customerOverHttp(browser, baseURL, `Rush Customer ${person + 1}`);
    let drinks = 0;
    for (let index = 0; index < 4 && ids.length < count; index += 1) {
      const orderDrinks = rushOrderLines(ids.length).reduce((sum, line) => sum + line.quantity, 0);
      if (drinks + orderDrinks > DRINKS_PER_NEW_ACCOUNT) break;
      drinks += orderDrinks;
      ids.push(await placeRushOrderOverHttp(customer.request, baseURL, ids.length));
    }
    await customer.close();
  }
  return ids;
}

/**
 * Cancels every open order and gives back what was paid at the counter for them, so the board
 * holds only what a journey puts on it (a journey before may have left money to give back).
 */
export async function clearTheBoard(board: Page, baseURL: string) {
  for (const order of (await boardOverHttp(board.request)).orders) {
    if (order.status !== "cancelled") {
      await moveOverHttp(board.request, baseURL, order.id, { status: "cancelled", reason: "Customer asked" });
    }
  }
  for (const order of (await boardOverHttp(board.request)).orders) {
    if (order.status !== "cancelled" || order.paymentState !== "paid_at_counter") continue;
    const response = await board.request.post(`/api/staff/orders/${order.id}/given-back`, {
      headers: { Origin: baseURL },
      data: {},
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** "Seen" over HTTP for every open order, so a journey starts with no alert left from another. */
export async function acknowledgeEverythingOverHttp(request: APIRequestContext, baseURL: string) {
  const orderIds = (await boardOverHttp(request)).orders.map((order) => order.id);
  for (let start = 0; start < orderIds.length; start += 50) {
    const response = await request.post("/api/staff/acknowledgements", {
      headers: { Origin: baseURL },
      data: { orderIds: orderIds.slice(start, start + 50) },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/**
 * Tickets wholly on screen: a ticket's whole rectangle inside the window and inside its lane
 * (the lane's own scrolling box, or the lane itself on a phone).
 */
export function ticketsInSight(board: Page): Promise<number> {
  return board.evaluate(() => {
    const tickets = Array.from(document.querySelectorAll<HTMLElement>("article[data-order-id]"));
    return tickets.filter((ticket) => {
      const box = ticket.getBoundingClientRect();
      const lane = (ticket.closest(".board__cards") ?? ticket.closest("section"))?.getBoundingClientRect();
      const inside = (outer: { top: number; left: number; bottom: number; right: number }) =>
        box.top >= outer.top - 1 &&
        box.left >= outer.left - 1 &&
        box.bottom <= outer.bottom + 1 &&
        box.right <= outer.right + 1;
      return (
        box.width > 0 &&
        inside({ top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth }) &&
        (!lane || inside(lane))
      );
    }).length;
  });
}
