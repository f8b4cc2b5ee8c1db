import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LISTENER_CHECK_VALID_MS } from "#worker/live/location-channel";
import type { BoardOrderMessage, ShopperOrderMessage } from "#common/live-updates";
import { api } from "./helpers";
import { openSocket, type OpenSocket } from "./live-sockets";
import { createBarista, createSignedInUser, type SignedInUser } from "./sign-in";
import { ORIGIN, placeOrder, postStatus } from "./staff-fixtures";

// A live socket belongs to the session that opened it: once that session ends or its user is no
// longer staff, nothing published afterwards reaches it (docs/decisions/0008).

const opened: OpenSocket[] = [];
afterEach(() => {
  vi.useRealTimers();
  opened.splice(0).forEach((socket) => socket.close());
});

/**
 * Past the time a listener's last check (the handshake's) lets messages go to it unchecked: the
 * next message checks it against the database first (docs/decisions/0026).
 */
function pastTheCheck(): void {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now + LISTENER_CHECK_VALID_MS + 1);
}

async function listen(path: string, cookie: string): Promise<OpenSocket & { closed: Promise<number> }> {
  const socket = await openSocket(path, cookie);
  opened.push(socket);
  const closed = new Promise<number>((resolve) =>
    socket.socket.addEventListener("close", (event) => resolve(event.code)),
  );
  return { ...socket, closed };
}

/** A second member of the shop's staff, whose board keeps working while the other's is revoked. */
async function colleague(): Promise<SignedInUser> {
  const email = `colleague-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await env.DB.prepare("INSERT INTO staff_members (email, location_id, role) VALUES (?, 'loc-anaheim', 'staff')")
    .bind(email)
    .run();
  return createSignedInUser({ username: "Kim Colleague", email });
}

const isOrder = (orderId: string) => (message: BoardOrderMessage) =>
  message.type === "order" && message.order.id === orderId;

function logout(cookie: string) {
  return api("/api/auth/logout", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: cookie },
    body: "{}",
  });
}

const revocations: [string, (barista: SignedInUser) => Promise<unknown>][] = [
  ["a logout", async (barista) => expect((await logout(barista.cookie)).status).toBe(204)],
  [
    "the session's expiry",
    (barista) =>
      env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
        .bind(new Date(Date.now() - 1000).toISOString(), barista.userId)
        .run(),
  ],
  [
    "a removal from the staff by SQL",
    () => env.DB.prepare("DELETE FROM staff_members WHERE email = 'barista@example.com'").run(),
  ],
];

describe("a revoked board hears no new order", () => {
  it.each(revocations)("after %s, the next order reaches the colleague's board only", async (_, revoke) => {
    const barista = await createBarista();
    const board = await listen("/api/live/board", barista.cookie);
    const other = await listen("/api/live/board", (await colleague()).cookie);
    try {
      await revoke(barista);
      pastTheCheck();
      const { orderId } = await placeOrder();
      await other.next(isOrder(orderId));
      expect(await board.quietFor(300)).toEqual([]);
      expect(await board.closed).toBe(4401);
    } finally {
      await env.DB.prepare(
        "INSERT INTO staff_members (email, location_id, role) VALUES ('barista@example.com', 'loc-anaheim', 'staff') ON CONFLICT DO NOTHING",
      ).run();
    }
  });

  it("closes the board's socket at once on logout, before anything is published", async () => {
    const barista = await createBarista();
    const board = await listen("/api/live/board", barista.cookie);
    await logout(barista.cookie);
    expect(await board.closed).toBe(4401);
  });
});

describe("a signed-out shopper's order page hears no more progress", () => {
  it.each(["logout", "expiry"])("after %s, a status change is not sent to the shopper's socket", async (how) => {
    const { shopper, orderId } = await placeOrder();
    const page = await listen("/api/live/orders", shopper.cookie);
    const barista = await createBarista();
    const board = await listen("/api/live/board", barista.cookie);
    if (how === "logout") await logout(shopper.cookie);
    else
      await env.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE user_id = ?")
        .bind(new Date(Date.now() - 8 * 24 * 3600_000).toISOString(), shopper.userId)
        .run();
    pastTheCheck();
    expect((await postStatus(barista.cookie, orderId, { status: "preparing" })).status).toBe(200);
    await board.next<BoardOrderMessage>((m) => m.type === "order" && m.order.status === "preparing");
    expect((await page.quietFor(300)).filter((m) => (m as ShopperOrderMessage).type === "progress")).toEqual([]);
    expect(await page.closed).toBe(4401);
  });
});
