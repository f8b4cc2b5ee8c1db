import { describe, expect, it } from "vitest";
import type { Order, OrderListResponse, OrderResponse } from "#common/orders";
import { api, json } from "./helpers";
import { createBarista } from "./sign-in";
import { placeOrder, postStatus, setOrderState } from "./staff-fixtures";

// The stamps an order earned, as its shopper reads it on the order page and in My orders: what
// completing it wrote, less what a Recall took back. CART is three drinks.

const CART_DRINKS = 3;
const DONE_COLLECTED = { status: "completed", payment: "collected" };

async function orderAsShopperSees(cookie: string, orderId: string): Promise<Order> {
  const response = await api(`/api/orders/${orderId}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return (await json<OrderResponse>(response)).order;
}

async function myOrders(cookie: string): Promise<Order[]> {
  const response = await api("/api/orders", { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return (await json<OrderListResponse>(response)).orders;
}

describe("the stamps an order earned", () => {
  it("are none while it is open, its drinks once handed over with the money, and none after a Recall", async () => {
    const barista = await createBarista();
    const { shopper, orderId } = await placeOrder();
    expect((await orderAsShopperSees(shopper.cookie, orderId)).stampsEarned).toBe(0);

    await setOrderState(orderId, "ready");
    expect((await postStatus(barista.cookie, orderId, DONE_COLLECTED)).status).toBe(200);
    expect((await orderAsShopperSees(shopper.cookie, orderId)).stampsEarned).toBe(CART_DRINKS);

    const recalled = await postStatus(barista.cookie, orderId, {}, `/api/staff/orders/${orderId}/recall`);
    expect(recalled.status).toBe(200);
    expect((await orderAsShopperSees(shopper.cookie, orderId)).stampsEarned).toBe(0);
  });

  it("are given for each order of a page of My orders, each its own", async () => {
    const barista = await createBarista();
    const first = await placeOrder();
    const second = await placeOrder(first.shopper);
    await setOrderState(first.orderId, "ready");
    expect((await postStatus(barista.cookie, first.orderId, DONE_COLLECTED)).status).toBe(200);

    const listed = await myOrders(first.shopper.cookie);
    const earned = Object.fromEntries(listed.map((order) => [order.id, order.stampsEarned]));
    expect(earned).toEqual({ [first.orderId]: CART_DRINKS, [second.orderId]: 0 });
  });
});
