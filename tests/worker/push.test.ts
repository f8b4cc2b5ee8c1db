import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CreateOrderResponse } from "#common/orders";
import { getDb } from "#worker/db/client";
import { pushOutbox, pushSubscriptions } from "#worker/db/schema";
import { deliverDuePushes } from "#worker/services/after-commit/pushes";
import { api, json } from "./helpers";
import { callWorker } from "./outbox-fakes";
import { fakePushService, moveOrder, subscribe } from "./push-service-fake";
import { createBarista, createSignedInUser, type SignedInUser } from "./sign-in";
import { CART, ORIGIN, setOrderState } from "./staff-fixtures";

const db = getDb(env.DB);
const NAME = "Grace Hopper";
const PHONE = "+1 714 555 0142";

afterEach(() => {
  vi.restoreAllMocks();
});

async function shopper(): Promise<SignedInUser> {
  return createSignedInUser({ username: NAME, email: `grace-${crypto.randomUUID().slice(0, 8)}@example.com` });
}

async function placeOrder(who: SignedInUser, body: Record<string, unknown> = {}): Promise<string> {
  const response = await api("/api/orders", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: who.cookie },
    body: JSON.stringify({ ...CART, phone: PHONE, ...body }),
  });
  expect(response.status).toBe(201);
  return (await json<CreateOrderResponse>(response)).order.id;
}

const numberOf = (orderId: string) => `#${orderId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
const subscriptionsOf = (userId: string) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const pushesOf = (orderId: string) => db.select().from(pushOutbox).where(eq(pushOutbox.orderId, orderId));

describe("POST /api/push-subscriptions", () => {
  it("stores the signed-in shopper's device (201) and DELETE forgets it", async () => {
    const service = await fakePushService();
    const who = await shopper();
    const device = await service.device();
    const response = await subscribe(service.env, who.cookie, device.subscription);
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const [stored] = await subscriptionsOf(who.userId);
    expect(stored).toMatchObject({ endpoint: device.subscription.endpoint, p256dh: device.subscription.keys.p256dh });

    // Subscribing again is the same device, not a second one.
    expect((await subscribe(service.env, who.cookie, device.subscription)).status).toBe(201);
    expect(await subscriptionsOf(who.userId)).toHaveLength(1);

    const removed = await callWorker(
      "/api/push-subscriptions",
      {
        method: "DELETE",
        headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: who.cookie },
        body: JSON.stringify({ endpoint: device.subscription.endpoint }),
      },
      service.env,
    );
    expect(removed.status).toBe(204);
    expect(await subscriptionsOf(who.userId)).toHaveLength(0);
  });

  it("asks a guest to sign in", async () => {
    const service = await fakePushService();
    const device = await service.device();
    const response = await subscribe(service.env, undefined, device.subscription);
    expect(response.status).toBe(401);
  });

  it("answers the public key to subscribe with, and 503 while the keys are not set", async () => {
    const service = await fakePushService();
    const key = await callWorker("/api/push-subscriptions/key", {}, service.env);
    expect(await key.json()).toEqual({ publicKey: service.env.VAPID_PUBLIC_KEY });
    const off = await callWorker("/api/push-subscriptions/key", {}, { ...service.env, VAPID_PUBLIC_KEY: undefined });
    expect(off.status).toBe(503);
  });

  it("refuses bad keys with a 400 naming the field", async () => {
    const service = await fakePushService();
    const who = await shopper();
    const { subscription } = await service.device();
    const cases: [unknown, string][] = [
      [{ ...subscription, keys: { ...subscription.keys, p256dh: "not+base64url" } }, "keys.p256dh"],
      [
        { ...subscription, keys: { ...subscription.keys, p256dh: subscription.keys.p256dh.slice(0, 40) } },
        "keys.p256dh",
      ],
      // 65 bytes, but not an uncompressed point (first byte 0x04).
      [
        { ...subscription, keys: { ...subscription.keys, p256dh: `C${subscription.keys.p256dh.slice(1)}` } },
        "keys.p256dh",
      ],
      [{ ...subscription, keys: { ...subscription.keys, auth: "AAAA" } }, "keys.auth"],
      [{ ...subscription, keys: { p256dh: subscription.keys.p256dh } }, "keys.auth"],
      [{ endpoint: subscription.endpoint }, "keys"],
      [{ ...subscription, endpoint: "not a url" }, "endpoint"],
    ];
    for (const [body, field] of cases) {
      const response = await subscribe(service.env, who.cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json<{ error: { field: string } }>(response)).error.field).toBe(field);
    }
    expect(await subscriptionsOf(who.userId)).toHaveLength(0);
  });

  it("takes only the browsers' push services over https: no address a shopper chose", async () => {
    const service = await fakePushService();
    const who = await shopper();
    const { subscription } = await service.device();
    const refused = [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://evil.example/fcm/send/abc",
      "https://fcm.googleapis.com.evil.example/fcm/send/abc",
      "https://evil.example/https://fcm.googleapis.com/",
      "https://fcm.googleapis.com@evil.example/x",
      "https://user:pass@fcm.googleapis.com/x",
      "https://fcm.googleapis.com:8443/fcm/send/abc",
      "https://notify.windows.com.evil.example/w/abc",
      "https://evilnotify.windows.com.example/w",
      "https://169.254.169.254/latest/meta-data",
      "https://127.0.0.1/push",
      "http://127.0.0.1:5420/push/abc",
      "http://localhost:5420/push/abc",
      "ftp://fcm.googleapis.com/x",
      "javascript:alert(1)",
    ];
    for (const endpoint of refused) {
      const response = await subscribe(service.env, who.cookie, { ...subscription, endpoint });
      expect(response.status, endpoint).toBe(400);
      expect((await json<{ error: { field: string } }>(response)).error.field).toBe("endpoint");
    }
    const accepted = [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/QGm8abc",
      "https://wns2-par02p.notify.windows.com/w/?token=abc",
    ];
    for (const endpoint of accepted) {
      expect((await subscribe(service.env, who.cookie, { ...subscription, endpoint })).status, endpoint).toBe(201);
    }
  });

  it("stores one device once, in one spelling, however its endpoint is written", async () => {
    const service = await fakePushService();
    const dev = await fakePushService({ APP_ENV: "development" });
    const who = await shopper();
    const { subscription } = await service.device();
    const canonical = "https://fcm.googleapis.com/fcm/send/same-device";
    const spellings = [
      canonical,
      "https://FCM.GoogleAPIs.com/fcm/send/same-device",
      "https://fcm.googleapis.com:443/fcm/send/same-device",
      "HTTPS://fcm.googleapis.com/fcm/send/same-device",
      "https://\uff46\uff43\uff4d.googleapis.com/fcm/send/same-device",
    ];
    for (const endpoint of spellings) {
      const response = await subscribe(service.env, who.cookie, { ...subscription, endpoint });
      expect(response.status, endpoint).toBe(201);
      expect(await json(response), endpoint).toEqual({ endpoint: canonical });
    }
    expect((await subscriptionsOf(who.userId)).map((row) => row.endpoint)).toEqual([canonical]);
    // Under npm run dev, the stand-in's address in another notation is the same address.
    const local = await shopper();
    for (const endpoint of [
      "http://127.0.0.1:5420/push/abc",
      "http://0x7f000001:5420/push/abc",
      "http://2130706433:5420/push/abc",
    ]) {
      expect((await subscribe(dev.env, local.cookie, { ...subscription, endpoint })).status, endpoint).toBe(201);
    }
    expect((await subscriptionsOf(local.userId)).map((row) => row.endpoint)).toEqual([
      "http://127.0.0.1:5420/push/abc",
    ]);
    // Forgetting it in another spelling forgets the one row.
    const removed = await callWorker(
      "/api/push-subscriptions",
      {
        method: "DELETE",
        headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: who.cookie },
        body: JSON.stringify({ endpoint: "https://FCM.googleapis.com:443/fcm/send/same-device" }),
      },
      service.env,
    );
    expect(removed.status).toBe(204);
    expect(await subscriptionsOf(who.userId)).toHaveLength(0);
  });

  it("takes a local stand-in on http://127.0.0.1:<port> and http://localhost:<port> only under npm run dev", async () => {
    const dev = await fakePushService({ APP_ENV: "development" });
    const who = await shopper();
    const { subscription } = await dev.device();
    for (const endpoint of ["http://127.0.0.1:5420/push/abc", "http://localhost:5421/push/abc"])
      expect((await subscribe(dev.env, who.cookie, { ...subscription, endpoint })).status, endpoint).toBe(201);
    for (const endpoint of [
      "http://127.0.0.1/push/abc",
      "http://10.0.0.5:5420/push",
      "http://localhost.evil.example:5420/",
    ]) {
      const response = await subscribe(dev.env, who.cookie, { ...subscription, endpoint });
      expect(response.status, endpoint).toBe(400);
    }
  });

  it("stops a device's notifications when the shopper signs out on it", async () => {
    const service = await fakePushService();
    const who = await shopper();
    const device = await service.device();
    expect((await subscribe(service.env, who.cookie, device.subscription)).status).toBe(201);
    const logout = await callWorker(
      "/api/auth/logout",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: who.cookie },
        body: "{}",
      },
      service.env,
    );
    expect(logout.ok).toBe(true);
    expect(await subscriptionsOf(who.userId)).toHaveLength(0);
  });
});

describe("the order's pushes", () => {
  it("Ready: the shopper's device gets the order number and the shop, a tap opens the order; no name, phone or address", async () => {
    const service = await fakePushService();
    const who = await shopper();
    const device = await service.device();
    expect((await subscribe(service.env, who.cookie, device.subscription)).status).toBe(201);
    const orderId = await placeOrder(who);
    const barista = await createBarista();
    await setOrderState(orderId, "preparing");

    expect((await moveOrder(service.env, barista.cookie, orderId, { status: "ready" })).status).toBe(200);

    expect(service.delivered).toHaveLength(1);
    const [push] = service.delivered;
    expect(push!.payload).toEqual({
      kind: "order-ready",
      orderId,
      orderNumber: numberOf(orderId),
      shop: "Squeeze Anaheim",
      title: `Order ${numberOf(orderId)} is ready`,
      body: "Your drinks are waiting at Squeeze Anaheim.",
      url: `/orders/${orderId}`,
    });
    for (const secret of [NAME, "Grace", PHONE, "714", "Brookhurst", who.userId])
      expect(push!.plaintext).not.toContain(secret);
    // RFC 8292: signed for the push service's origin, by the shop's mailto: address.
    expect(push!.vapid).toMatchObject({ aud: "https://fcm.googleapis.com", sub: `mailto:${env.SHOP_EMAIL}` });
    // An hour to live, and no more.
    expect(push!.ttl).toBeGreaterThan(3500);
    expect(push!.ttl).toBeLessThanOrEqual(3600);
    expect(push!.urgency).toBe("high");
    const [row] = await pushesOf(orderId);
    expect(row).toMatchObject({ kind: "order-ready", status: "sent", attempts: 1 });
  });

  it("Cancelled: the shop's cancellation reaches the device", async () => {
    const service = await fakePushService();
    const who = await shopper();
    expect((await subscribe(service.env, who.cookie, (await service.device()).subscription)).status).toBe(201);
    const orderId = await placeOrder(who);
    const barista = await createBarista();
    const response = await moveOrder(service.env, barista.cookie, orderId, {
      status: "cancelled",
      reason: "Out of an ingredient",
    });
    expect(response.status).toBe(200);
    expect(service.delivered.map((push) => push.payload)).toEqual([
      expect.objectContaining({
        kind: "order-cancelled",
        orderNumber: numberOf(orderId),
        title: `Order ${numberOf(orderId)} was cancelled`,
      }),
    ]);
    expect(service.delivered[0]!.plaintext).not.toContain("Out of an ingredient");
  });

  it("On its way: a delivery that is ready says so, with no address", async () => {
    const service = await fakePushService();
    const who = await shopper();
    expect((await subscribe(service.env, who.cookie, (await service.device()).subscription)).status).toBe(201);
    const orderId = await placeOrder(who, { fulfilment: "delivery", street: "1200 W Lincoln Ave", zip: "92805" });
    const barista = await createBarista();
    await setOrderState(orderId, "preparing");
    expect((await moveOrder(service.env, barista.cookie, orderId, { status: "ready" })).status).toBe(200);
    expect(service.delivered).toHaveLength(1);
    expect(service.delivered[0]!.payload).toMatchObject({
      kind: "order-on-its-way",
      title: `Order ${numberOf(orderId)} is on its way`,
      url: `/orders/${orderId}`,
    });
    expect(service.delivered[0]!.plaintext).not.toContain("Lincoln");
  });

  it("two devices both get it", async () => {
    const service = await fakePushService();
    const who = await shopper();
    const phone = await service.device();
    const laptop = await service.device({ host: "updates.push.services.mozilla.com" });
    for (const device of [phone, laptop])
      expect((await subscribe(service.env, who.cookie, device.subscription)).status).toBe(201);
    const orderId = await placeOrder(who);
    await setOrderState(orderId, "preparing");
    expect((await moveOrder(service.env, (await createBarista()).cookie, orderId, { status: "ready" })).status).toBe(
      200,
    );
    expect(service.delivered.map((push) => push.endpoint).sort()).toEqual(
      [phone.subscription.endpoint, laptop.subscription.endpoint].sort(),
    );
    expect(service.delivered[1]!.vapid.aud).toBe(new URL(service.delivered[1]!.endpoint).origin);
  });

  it("another shopper's order is never pushed to you, even on a device you once used", async () => {
    const service = await fakePushService();
    const you = await shopper();
    const other = await shopper();
    const yours = await service.device();
    const shared = await service.device();
    expect((await subscribe(service.env, you.cookie, yours.subscription)).status).toBe(201);
    expect((await subscribe(service.env, you.cookie, shared.subscription)).status).toBe(201);
    // The other shopper signs in on the shared device and subscribes it: it is theirs now.
    expect((await subscribe(service.env, other.cookie, shared.subscription)).status).toBe(201);
    // They cannot take your device away by naming it either.
    await callWorker(
      "/api/push-subscriptions",
      {
        method: "DELETE",
        headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: other.cookie },
        body: JSON.stringify({ endpoint: yours.subscription.endpoint }),
      },
      service.env,
    );

    const theirs = await placeOrder(other);
    await setOrderState(theirs, "preparing");
    const barista = await createBarista();
    expect((await moveOrder(service.env, barista.cookie, theirs, { status: "ready" })).status).toBe(200);
    expect(service.delivered.map((push) => push.endpoint)).toEqual([shared.subscription.endpoint]);

    const mine = await placeOrder(you);
    await setOrderState(mine, "preparing");
    expect((await moveOrder(service.env, barista.cookie, mine, { status: "ready" })).status).toBe(200);
    expect(service.delivered.slice(1).map((push) => [push.endpoint, push.payload.orderId])).toEqual([
      [yours.subscription.endpoint, mine],
    ]);
  });

  it("a 410 from the push service removes that subscription; a 404 too", async () => {
    for (const gone of [410, 404]) {
      const service = await fakePushService();
      const who = await shopper();
      const stale = await service.device({ answer: () => gone });
      const live = await service.device();
      for (const device of [stale, live])
        expect((await subscribe(service.env, who.cookie, device.subscription)).status).toBe(201);
      const orderId = await placeOrder(who);
      await setOrderState(orderId, "preparing");
      expect((await moveOrder(service.env, (await createBarista()).cookie, orderId, { status: "ready" })).status).toBe(
        200,
      );
      expect(service.attempts).toContainEqual({ endpoint: stale.subscription.endpoint, status: gone });
      expect((await subscriptionsOf(who.userId)).map((row) => row.endpoint)).toEqual([live.subscription.endpoint]);
      expect((await pushesOf(orderId)).map((row) => [row.endpoint, row.status])).toEqual([
        [live.subscription.endpoint, "sent"],
      ]);
      vi.restoreAllMocks();
    }
  });

  it("a 500 is retried by the cron run, and the push arrives once", async () => {
    const answers = [500];
    const service = await fakePushService();
    const who = await shopper();
    const device = await service.device({ answer: () => answers.shift() ?? 201 });
    expect((await subscribe(service.env, who.cookie, device.subscription)).status).toBe(201);
    const orderId = await placeOrder(who);
    await setOrderState(orderId, "preparing");
    expect((await moveOrder(service.env, (await createBarista()).cookie, orderId, { status: "ready" })).status).toBe(
      200,
    );

    expect(service.delivered).toHaveLength(0);
    const [failed] = await pushesOf(orderId);
    expect(failed).toMatchObject({ status: "queued", attempts: 1, lastError: "The push service answered 500." });
    expect(Date.parse(failed!.nextAttemptAt)).toBeGreaterThan(Date.now());

    // Not due yet: the cron leaves it.
    await deliverDuePushes(service.env);
    expect(service.attempts).toHaveLength(1);

    await db
      .update(pushOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(pushOutbox.id, failed!.id));
    await deliverDuePushes(service.env);
    await deliverDuePushes(service.env);
    expect(service.delivered.map((push) => push.payload.kind)).toEqual(["order-ready"]);
    expect((await pushesOf(orderId))[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("a Ready not delivered within the hour is dropped, and none is sent for an order already collected", async () => {
    let failing = true;
    const service = await fakePushService();
    const who = await shopper();
    expect(
      (
        await subscribe(
          service.env,
          who.cookie,
          (await service.device({ answer: () => (failing ? 503 : 201) })).subscription,
        )
      ).status,
    ).toBe(201);
    const barista = await createBarista();

    const collected = await placeOrder(who);
    await setOrderState(collected, "preparing");
    expect((await moveOrder(service.env, barista.cookie, collected, { status: "ready" })).status).toBe(200);
    expect(
      (await moveOrder(service.env, barista.cookie, collected, { status: "completed", payment: "collected" })).status,
    ).toBe(200);

    const late = await placeOrder(who);
    await setOrderState(late, "preparing");
    expect((await moveOrder(service.env, barista.cookie, late, { status: "ready" })).status).toBe(200);
    const [lateRow] = await pushesOf(late);
    await db
      .update(pushOutbox)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(pushOutbox.id, lateRow!.id));

    failing = false;
    await db.update(pushOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000).toISOString() });
    await deliverDuePushes(service.env);
    expect(service.delivered).toHaveLength(0);
    expect((await pushesOf(collected))[0]).toMatchObject({
      status: "dropped",
      lastError: "The order is completed now.",
    });
    expect((await pushesOf(late))[0]).toMatchObject({ status: "dropped" });
    expect((await pushesOf(late))[0]!.lastError).toMatch(/time to live/);
  });

  it("is written in the same batch as the change: a move that loses its race queues no push", async () => {
    const service = await fakePushService();
    const who = await shopper();
    expect((await subscribe(service.env, who.cookie, (await service.device()).subscription)).status).toBe(201);
    const orderId = await placeOrder(who);
    await setOrderState(orderId, "preparing");
    const barista = await createBarista();
    // A colleague cancels the order between the board's read and its write.
    const racingDb = new Proxy(env.DB, {
      get(target, property) {
        if (property !== "batch") return Reflect.get(target, property, target);
        return async (statements: D1PreparedStatement[]) => {
          await target.prepare("UPDATE orders SET status = 'cancelled' WHERE id = ?").bind(orderId).run();
          return target.batch(statements);
        };
      },
    });
    const response = await moveOrder({ ...service.env, DB: racingDb }, barista.cookie, orderId, { status: "ready" });
    expect(response.status).toBe(409);
    expect(await pushesOf(orderId)).toHaveLength(0);
    expect(service.attempts).toHaveLength(0);
  });
});
