import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import { shopDayStart } from "#common/shop-calendar";
import { ORDER_STATUS_TRANSITIONS } from "#common/order-lifecycle";
import { ORDER_STATUSES } from "#common/orders";
import type { OrderHistoryResponse, StaffOrderResponse, StaffOrdersResponse } from "#common/staff-orders";
import { api, json } from "./helpers";
import { createBarista, createSignedInUser, createStaffOfAnotherLocation } from "./sign-in";
import { emailsOf, eventsOf, orderRow, placeOrder, postStatus, setOrderState } from "./staff-fixtures";

const staffOrders = async (cookie: string) =>
  (await json<StaffOrdersResponse>(await api("/api/staff/orders", { headers: { Cookie: cookie } }))).orders;

describe("/api/staff/*: who may use it", () => {
  const paths = [
    "/api/staff/orders",
    "/api/staff/orders/",
    "/api/staff/orders?locationId=loc-anaheim",
    "/api/staff/anything",
  ];

  it("answers 401 to a guest, however the address is written", async () => {
    for (const path of paths) expect((await api(path)).status, path).toBe(401);
    const { orderId } = await placeOrder();
    expect((await postStatus(undefined, orderId, { status: "preparing" })).status).toBe(401);
    expect((await orderRow(orderId)).status).toBe("received");
  });

  it("answers 403 to a signed-in shopper, even the order's owner, and changes nothing", async () => {
    const { shopper, orderId } = await placeOrder();
    for (const path of paths) {
      const response = await api(path, { headers: { Cookie: shopper.cookie } });
      expect(response.status, path).toBe(403);
      expect(await json<ApiErrorBody>(response)).toMatchObject({ error: { code: "forbidden" } });
    }
    for (const body of [{ status: "preparing" }, { status: "cancelled", reason: "changed my mind" }]) {
      expect((await postStatus(shopper.cookie, orderId, body)).status).toBe(403);
    }
    expect((await orderRow(orderId)).status).toBe("received");
  });

  it("keeps another location's staff out: not listed, and 404 however they name the location", async () => {
    const { orderId } = await placeOrder();
    const other = await createStaffOfAnotherLocation();
    expect((await staffOrders(other.cookie)).some((order) => order.id === orderId)).toBe(false);
    const attempts = [
      postStatus(other.cookie, orderId, { status: "preparing" }),
      postStatus(other.cookie, orderId, { status: "preparing", locationId: "loc-anaheim" }),
      postStatus(
        other.cookie,
        orderId,
        { status: "preparing" },
        `/api/staff/orders/${orderId}/status?locationId=loc-anaheim`,
      ),
      api(`/api/staff/orders/${orderId}/status`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Origin: "http://localhost:5173",
          Cookie: other.cookie,
          "X-Location-Id": "loc-anaheim",
        },
        body: JSON.stringify({ status: "cancelled", reason: "not ours" }),
      }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
    expect((await orderRow(orderId)).status).toBe("received");
    expect(await eventsOf(orderId)).toHaveLength(1);
  });
});

describe("GET /api/staff/orders", () => {
  it("lists the location's open orders oldest first, with everything the counter needs", async () => {
    const barista = await createBarista();
    const first = await placeOrder();
    const second = await placeOrder();
    const done = await placeOrder();
    await setOrderState(done.orderId, "completed");
    const dropped = await placeOrder();
    await setOrderState(dropped.orderId, "cancelled");

    const response = await api("/api/staff/orders", { headers: { Cookie: barista.cookie } });
    const board = await json<StaffOrdersResponse>(response.clone());
    expect(board.location).toEqual({
      id: "loc-anaheim",
      name: "Squeeze Anaheim",
      timeZone: "America/Los_Angeles",
      // seed/order-board.sql
      ageThresholds: { warnAfterMinutes: 5, lateAfterMinutes: 10 },
      // seed/opening-hours.sql
      drinkLimits: { perOrder: 40, perSlot: 12 },
      // seed/dev/opening-hours.sql: open all day, every day, with no one-off days.
      openingHours: {
        timeZone: "America/Los_Angeles",
        weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: "00:00", closes: "00:00" })),
        exceptions: [],
      },
    });
    // Finished in the last half hour: the Done list, newest first.
    expect(board.done.map((order) => order.id).filter((id) => id === done.orderId || id === dropped.orderId)).toEqual([
      dropped.orderId,
      done.orderId,
    ]);
    const listed = await staffOrders(barista.cookie);
    const ids = listed.map((order) => order.id);
    expect(ids.indexOf(first.orderId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.orderId)).toBeLessThan(ids.indexOf(second.orderId));
    expect(ids).not.toContain(done.orderId);
    expect(ids).not.toContain(dropped.orderId);
    const created = listed.map((order) => order.createdAt);
    expect(created).toEqual([...created].sort());

    expect(listed.find((order) => order.id === first.orderId)).toEqual({
      id: first.orderId,
      status: "received",
      paymentMode: "pay_on_pickup",
      paymentState: "not_required",
      customerName: "Grace Hopper",
      phone: "+1 714 555 0142",
      totalCents: 2 * 649 + 349,
      tipCents: 0,
      discountCents: 0,
      discounts: [],
      fulfilment: "pickup",
      fulfilmentAddress: "512 South Brookhurst St #4, Anaheim, CA 92804",
      cancelReason: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      lines: [
        // A line sent without options is made with the defaults (Regular ice), which the board does not print.
        {
          name: "Sunrise Orange",
          size: "medium",
          quantity: 2,
          note: "Less ice",
          options: [{ name: "Regular ice", priceCents: 0, isDefault: true }],
        },
        { name: "Ginger Fire Shot", size: "default", quantity: 1, note: "", options: [] },
      ],
      // Ordered without a time: as soon as possible, with the shop's estimate.
      pickup: { mode: "asap", at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), timeZone: "America/Los_Angeles" },
      // Started as soon as it arrives: it never waits in Later.
      prepStartsAt: null,
      // Nobody has tapped Seen for it yet: every board announces it.
      acknowledged: null,
    });
  });

  it("takes the tickets' thresholds from the shop's settings in SQL, and 5 and 10 minutes without any", async () => {
    const barista = await createBarista();
    const thresholds = async () =>
      (await json<StaffOrdersResponse>(await api("/api/staff/orders", { headers: { Cookie: barista.cookie } })))
        .location.ageThresholds;
    await env.DB.prepare(
      "UPDATE location_board_settings SET warn_after_minutes = 3, late_after_minutes = 8 WHERE location_id = 'loc-anaheim'",
    ).run();
    expect(await thresholds()).toEqual({ warnAfterMinutes: 3, lateAfterMinutes: 8 });
    await expect(
      env.DB.prepare(
        "UPDATE location_board_settings SET late_after_minutes = 3 WHERE location_id = 'loc-anaheim'",
      ).run(),
    ).rejects.toThrow(/CHECK constraint failed/);
    await env.DB.prepare("DELETE FROM location_board_settings WHERE location_id = 'loc-anaheim'").run();
    expect(await thresholds()).toEqual({ warnAfterMinutes: 5, lateAfterMinutes: 10 });
  });

  it("leaves out an order still waiting for its card payment", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    await env.DB.prepare("UPDATE orders SET payment_mode = 'stripe', payment_state = 'pending' WHERE id = ?")
      .bind(orderId)
      .run();
    expect((await staffOrders(barista.cookie)).map((order) => order.id)).not.toContain(orderId);
    // Nor can it be moved: it is not the counter's until it is paid.
    expect((await postStatus(barista.cookie, orderId, { status: "preparing" })).status).toBe(404);
  });
});

describe("POST /api/staff/orders/:id/status: the lifecycle", () => {
  const allowed = ORDER_STATUSES.flatMap((from) => ORDER_STATUS_TRANSITIONS[from].map((to) => [from, to] as const));
  const refused = ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.filter((to) => to !== from && !ORDER_STATUS_TRANSITIONS[from].includes(to)).map(
      (to) => [from, to] as const,
    ),
  );

  it.each(allowed)("moves an order from %s to %s, written with who and when", async (from, to) => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    await setOrderState(orderId, from);
    const response = await postStatus(barista.cookie, orderId, {
      status: to,
      ...(to === "cancelled" ? { reason: "Out of oranges" } : {}),
      ...(to === "completed" ? { payment: "collected" } : {}),
    });
    expect(response.status).toBe(200);
    expect((await json<StaffOrderResponse>(response)).order).toMatchObject({ id: orderId, status: to });
    expect((await orderRow(orderId)).status).toBe(to);
    const last = (await eventsOf(orderId)).at(-1)!;
    expect(last).toMatchObject({ status: to, previousStatus: from, actor: "staff", actorUserId: barista.userId });
    expect(Date.now() - Date.parse(last.createdAt)).toBeLessThan(60_000);
  });

  it.each(refused)("refuses %s → %s with 409 naming both states", async (from, to) => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    await setOrderState(orderId, from);
    const before = await eventsOf(orderId);
    const response = await postStatus(barista.cookie, orderId, {
      status: to,
      ...(to === "cancelled" ? { reason: "x" } : {}),
    });
    expect(response.status).toBe(409);
    const { error } = await json<ApiErrorBody>(response);
    expect(error.code).toBe("invalid_transition");
    expect(error.message).toContain(from);
    expect(error.message).toContain(to);
    expect((await orderRow(orderId)).status).toBe(from);
    expect(await eventsOf(orderId)).toEqual(before);
  });

  it("takes a repeated identical request as harmless: no second change, history entry or e-mail", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    await setOrderState(orderId, "preparing");
    const emailsBefore = (await emailsOf(orderId)).length;
    const first = await postStatus(barista.cookie, orderId, { status: "ready" });
    const second = await postStatus(barista.cookie, orderId, { status: "ready" });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await json<StaffOrderResponse>(second)).order.status).toBe("ready");
    expect((await eventsOf(orderId)).filter((event) => event.status === "ready")).toHaveLength(1);
    expect(await emailsOf(orderId)).toHaveLength(emailsBefore + 1);
  });

  it("needs a reason to cancel, and refuses an unknown status, naming the field", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    for (const [body, field] of [
      [{ status: "cancelled" }, "reason"],
      [{ status: "cancelled", reason: "   " }, "reason"],
      [{ status: "cancelled", reason: "x".repeat(201) }, "reason"],
      [{ status: "done" }, "status"],
      [{}, "status"],
    ] as const) {
      const response = await postStatus(barista.cookie, orderId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await json<ApiErrorBody>(response)).toMatchObject({ error: { code: "invalid_input", field } });
    }
    expect((await orderRow(orderId)).status).toBe("received");
  });
});

describe("a change and its e-mail are one batch", () => {
  it("queues 'Your order is ready' to the customer with the change", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    await setOrderState(orderId, "preparing");
    expect((await postStatus(barista.cookie, orderId, { status: "ready" })).status).toBe(200);
    const ready = (await emailsOf(orderId)).filter((email) => email.kind === "order-ready");
    expect(ready).toHaveLength(1);
    expect(ready[0]!.subject).toMatch(/^Your order is ready/);
    expect(ready[0]!.recipient).toMatch(/^grace-.*@example\.com$/);
    expect(ready[0]!.text).toContain("Squeeze Anaheim");
  });

  it("tells the customer why the shop cancelled, and that nothing was charged for pay on pickup", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    const response = await postStatus(barista.cookie, orderId, {
      status: "cancelled",
      reason: "We ran out of oranges",
    });
    expect((await json<StaffOrderResponse>(response)).order).toMatchObject({
      status: "cancelled",
      cancelReason: "We ran out of oranges",
      paymentState: "not_required",
    });
    const [cancelled] = (await emailsOf(orderId)).filter((email) => email.kind === "order-cancelled");
    expect(cancelled!.text).toContain("We ran out of oranges");
    expect(cancelled!.text).toContain("Nothing was charged");
  });

  it("writes neither when the e-mail cannot be stored: the status stays as it was", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    await setOrderState(orderId, "preparing");
    await env.DB.prepare(
      "CREATE TRIGGER refuse_ready_email BEFORE INSERT ON email_outbox WHEN NEW.kind = 'order-ready' BEGIN SELECT RAISE(ABORT, 'outbox unavailable'); END",
    ).run();
    try {
      const response = await postStatus(barista.cookie, orderId, { status: "ready" });
      expect(response.status).toBe(500);
      expect(await json<ApiErrorBody>(response)).toEqual({
        error: { code: "internal_error", message: "Something went wrong. Please try again." },
      });
    } finally {
      await env.DB.prepare("DROP TRIGGER refuse_ready_email").run();
    }
    expect((await orderRow(orderId)).status).toBe("preparing");
    expect((await eventsOf(orderId)).some((event) => event.status === "ready")).toBe(false);
    expect((await emailsOf(orderId)).some((email) => email.kind === "order-ready")).toBe(false);
  });

  it("starts every order's history with the customer placing it", async () => {
    const { shopper, orderId } = await placeOrder();
    expect(await eventsOf(orderId)).toEqual([
      expect.objectContaining({
        status: "received",
        previousStatus: null,
        paymentState: "not_required",
        actor: "customer",
        actorUserId: shopper.userId,
      }),
    ]);
  });
});

describe("a shopper's view of staff changes", () => {
  it("shows the shopper the new status and the reason on their own order", async () => {
    const barista = await createBarista();
    const { shopper, orderId } = await placeOrder();
    await postStatus(barista.cookie, orderId, { status: "cancelled", reason: "Machine broke" });
    const response = await api(`/api/orders/${orderId}`, { headers: { Cookie: shopper.cookie } });
    expect((await json<{ order: unknown }>(response)).order).toMatchObject({
      status: "cancelled",
      cancelReason: "Machine broke",
    });
    const stranger = await createSignedInUser();
    expect((await api(`/api/orders/${orderId}`, { headers: { Cookie: stranger.cookie } })).status).toBe(404);
  });
});

describe("GET /api/staff/orders/:id/history", () => {
  it("shows every change of the order with who made it and when, to its location's staff only", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    await postStatus(barista.cookie, orderId, { status: "preparing" });
    await postStatus(barista.cookie, orderId, { status: "cancelled", reason: "Spilled" });
    const response = await api(`/api/staff/orders/${orderId}/history`, { headers: { Cookie: barista.cookie } });
    expect(response.status).toBe(200);
    expect((await json<OrderHistoryResponse>(response)).history).toEqual([
      expect.objectContaining({
        status: "received",
        previousStatus: null,
        actor: "customer",
        actorName: "Grace Hopper",
        reason: null,
      }),
      expect.objectContaining({
        status: "preparing",
        previousStatus: "received",
        actor: "staff",
        actorName: "Sam Barista",
      }),
      expect.objectContaining({
        status: "cancelled",
        previousStatus: "preparing",
        actor: "staff",
        actorName: "Sam Barista",
        reason: "Spilled",
      }),
    ]);
    const other = await createStaffOfAnotherLocation();
    expect((await api(`/api/staff/orders/${orderId}/history`, { headers: { Cookie: other.cookie } })).status).toBe(404);
    const shopper = await createSignedInUser();
    expect((await api(`/api/staff/orders/${orderId}/history`, { headers: { Cookie: shopper.cookie } })).status).toBe(
      403,
    );
  });
});

describe("a busy board", () => {
  it("lists every open order, the newest included, with 215 open", async () => {
    const barista = await createBarista();
    const shopper = await createSignedInUser();
    // Today's, on the shop's clock: an earlier day's come apart.
    const start = Math.max(Date.now() - 60 * 60_000, shopDayStart(Date.now(), "America/Los_Angeles").getTime());
    const ids = Array.from(
      { length: 215 },
      (_, i) => `busy-${String(i).padStart(3, "0")}-${crypto.randomUUID().slice(0, 8)}`,
    );
    const insert = env.DB.prepare(
      `INSERT INTO orders (id, user_id, location_id, status, payment_mode, payment_state, total_cents, customer_name,
        customer_email, phone, created_at, updated_at)
       VALUES (?, ?, 'loc-anaheim', 'received', 'pay_on_pickup', 'not_required', 649, 'Rush', 'rush@example.com', '+1 714 555 0100', ?, ?)`,
    );
    await env.DB.batch(
      ids.map((id, i) => {
        const at = new Date(start + i * 1000).toISOString();
        return insert.bind(id, shopper.userId, at, at);
      }),
    );
    const { orderId: newest } = await placeOrder();
    const listed = (await staffOrders(barista.cookie)).map((order) => order.id);
    expect(listed).toContain(newest);
    expect(listed).toEqual(expect.arrayContaining(ids));
    expect(listed.at(-1)).toBe(newest);
  });
});
