import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LISTENER_CHECK_VALID_MS } from "#worker/live/location-channel";
import type { ApiErrorBody } from "#common/api-error";
import type { BoardOrderMessage } from "#common/live-updates";
import type { CreateOrderResponse } from "#common/orders";
import type { StaffShopsResponse } from "#common/staff";
import type { StaffOrdersResponse } from "#common/staff-orders";
import { api, json } from "./helpers";
import { openSocket, upgrade, type OpenSocket } from "./live-sockets";
import { createSignedInUser, type SignedInUser } from "./sign-in";
import { CART, ORIGIN, orderRow, postStatus } from "./staff-fixtures";

const ANAHEIM = "loc-anaheim";
const FULLERTON = "loc-fullerton";
const SCOTTSDALE = "loc-scottsdale";

const signIn = (email: string) => createSignedInUser({ email, username: email.split("@")[0] });

const opened: OpenSocket[] = [];
afterEach(async () => {
  vi.useRealTimers();
  opened.splice(0).forEach((socket) => socket.close());
  await env.DB.prepare(
    "INSERT INTO staff_members (email, location_id, role) VALUES ('manager@example.com', 'loc-fullerton', 'manager') ON CONFLICT DO NOTHING",
  ).run();
});

function get(path: string, cookie: string) {
  return api(path, { headers: { Cookie: cookie } });
}

function post(path: string, cookie: string, body: unknown = {}) {
  return api(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: cookie },
    body: JSON.stringify(body),
  });
}

async function boardOf(cookie: string, query = ""): Promise<StaffOrdersResponse> {
  const response = await get(`/api/staff/orders${query}`, cookie);
  expect(response.status).toBe(200);
  return json<StaffOrdersResponse>(response);
}

async function orderAt(locationId: string): Promise<string> {
  const shopper = await createSignedInUser();
  const response = await post("/api/orders", shopper.cookie, { ...CART, locationId });
  expect(response.status).toBe(201);
  return (await json<CreateOrderResponse>(response)).order.id;
}

/** The staff cookie a response set, as a Cookie header value (with the session's). */
function withSetCookie(person: SignedInUser, response: Response): string {
  const set = response.headers.get("Set-Cookie") ?? "";
  const pair = /squeeze_staff_shop=[^;]*/.exec(set)?.[0];
  expect(pair, "the shop chosen is remembered").toBeTruthy();
  return `${person.cookie}; ${pair}`;
}

describe("staff see their own shops", () => {
  it("lists each member's shops and the one shown: a barista one, the manager two, the owner all", async () => {
    const cases: [string, string[]][] = [
      ["barista@example.com", [ANAHEIM]],
      ["barista.fullerton@example.com", [FULLERTON]],
      ["barista.scottsdale@example.com", [SCOTTSDALE]],
      ["manager@example.com", [ANAHEIM, FULLERTON]],
      ["owner@example.com", [ANAHEIM, FULLERTON, SCOTTSDALE]],
    ];
    for (const [email, shops] of cases) {
      const person = await signIn(email);
      const answer = await json<StaffShopsResponse>(await get("/api/staff/shops", person.cookie));
      expect(answer.shops.map((shop) => shop.locationId).sort(), email).toEqual(shops);
      expect(answer.current.locationId, email).toBe(shops[0]);
      expect((await boardOf(person.cookie)).location.id, email).toBe(shops[0]);
    }
  });

  it("refuses with 403 naming location a shop the member is not listed for, in every spelling", async () => {
    const [barista, manager] = await Promise.all([signIn("barista@example.com"), signIn("manager@example.com")]);
    const notTheirs: [SignedInUser, string[]][] = [
      [
        barista,
        [
          FULLERTON,
          SCOTTSDALE,
          "LOC-ANAHEIM",
          "Loc-Anaheim",
          " loc-anaheim",
          "loc-anaheim%20",
          "%20loc-anaheim%20",
          "loc%2Danaheim%00",
          "loc-anaheim,loc-fullerton",
          "",
          "*",
          "loc-nowhere",
        ],
      ],
      [
        manager,
        [
          SCOTTSDALE,
          "LOC-SCOTTSDALE",
          "loc%2Dscottsdale",
          "%20loc-scottsdale",
          "loc-scottsdale+",
          "loc-fullerton%09",
          `${SCOTTSDALE}&location=${ANAHEIM}`,
        ],
      ],
    ];
    const paths = ["/api/staff/orders", "/api/staff/availability", "/api/staff/orders/some-order/history"];
    for (const [person, spellings] of notTheirs) {
      for (const spelling of spellings) {
        for (const path of paths) {
          const response = await get(`${path}?location=${spelling}`, person.cookie);
          expect(response.status, `${path}?location=${spelling}`).toBe(403);
          expect((await json<ApiErrorBody>(response)).error.field).toBe("location");
        }
        const pause = await post(`/api/staff/availability/pause?location=${spelling}`, person.cookie, { minutes: 15 });
        expect(pause.status, spelling).toBe(403);
        const socket = await upgrade(`/api/live/board?location=${spelling}`, { Cookie: person.cookie });
        expect(socket.status, spelling).toBe(403);
      }
    }
    // Their own shops, spelled as they are, open.
    expect((await boardOf(manager.cookie, `?location=${FULLERTON}`)).location.id).toBe(FULLERTON);
    expect((await boardOf(barista.cookie, `?location=${ANAHEIM}`)).location.id).toBe(ANAHEIM);
    // A shopper is refused without a field: they are nobody's staff.
    const shopper = await createSignedInUser();
    expect((await get(`/api/staff/orders?location=${ANAHEIM}`, shopper.cookie)).status).toBe(403);
  });

  it("keeps another shop's order a 404 on every route that names an order, and out of Seen", async () => {
    const [manager, fullertonBarista] = await Promise.all([
      signIn("manager@example.com"),
      signIn("barista.fullerton@example.com"),
    ]);
    const fullertonOrder = await orderAt(FULLERTON);
    const scottsdaleOrder = await orderAt(SCOTTSDALE);
    // The manager at Anaheim (their first shop) and Fullerton's barista at Scottsdale's order.
    const attempts: [SignedInUser, string, string][] = [
      [manager, fullertonOrder, ""],
      [manager, fullertonOrder, `?location=${ANAHEIM}`],
      [fullertonBarista, scottsdaleOrder, ""],
    ];
    for (const [person, orderId, query] of attempts) {
      const routes: [string, unknown][] = [
        [`/api/staff/orders/${orderId}/status${query}`, { status: "preparing" }],
        [`/api/staff/orders/${orderId}/status${query}`, { status: "cancelled", reason: "Out of oranges" }],
        [`/api/staff/orders/${orderId}/recall${query}`, {}],
        [`/api/staff/orders/${orderId}/paid-at-counter${query}`, {}],
        [`/api/staff/orders/${orderId}/given-back${query}`, {}],
      ];
      for (const [path, body] of routes) {
        expect((await post(path, person.cookie, body)).status, path).toBe(404);
      }
      expect((await get(`/api/staff/orders/${orderId}/history${query}`, person.cookie)).status).toBe(404);
      const seen = await post(`/api/staff/acknowledgements${query}`, person.cookie, { orderIds: [orderId] });
      expect(seen.status).toBe(200);
      expect(await json(seen)).toEqual({ acknowledgements: [] });
    }
    // A refund of a paid card order at another shop is a 404 too, and the order is untouched.
    await env.DB.prepare("UPDATE orders SET payment_mode = 'stripe', payment_state = 'paid' WHERE id = ?")
      .bind(fullertonOrder)
      .run();
    expect((await postStatus(manager.cookie, fullertonOrder, { status: "cancelled", reason: "Refund" })).status).toBe(
      404,
    );
    expect(await orderRow(fullertonOrder)).toMatchObject({ status: "received", paymentState: "paid" });
    expect((await boardOf(manager.cookie)).orders.map((order) => order.id)).not.toContain(fullertonOrder);

    // Named, the manager's own other shop is theirs to work.
    const moved = await post(`/api/staff/orders/${scottsdaleOrder}/status?location=${FULLERTON}`, manager.cookie, {
      status: "preparing",
    });
    expect(moved.status).toBe(404);
    await env.DB.prepare(
      "UPDATE orders SET payment_mode = 'pay_on_pickup', payment_state = 'not_required' WHERE id = ?",
    )
      .bind(fullertonOrder)
      .run();
    const atFullerton = await post(`/api/staff/orders/${fullertonOrder}/status?location=${FULLERTON}`, manager.cookie, {
      status: "preparing",
    });
    expect(atFullerton.status).toBe(200);
  });

  it("remembers the shop a manager last chose on this device, while they still belong to it", async () => {
    const manager = await signIn("manager@example.com");
    const chosen = await get(`/api/staff/orders?location=${FULLERTON}`, manager.cookie);
    expect(chosen.status).toBe(200);
    const remembered = withSetCookie(manager, chosen);
    expect((await boardOf(remembered)).location.id).toBe(FULLERTON);
    expect((await json<StaffShopsResponse>(await get("/api/staff/shops", remembered))).current.locationId).toBe(
      FULLERTON,
    );
    // A cookie naming a shop they may not see is only a preference: their first shop instead.
    for (const forged of [SCOTTSDALE, "LOC-FULLERTON", "x".repeat(120)]) {
      expect((await boardOf(`${manager.cookie}; squeeze_staff_shop=${forged}`)).location.id).toBe(ANAHEIM);
    }
    // Removed from Fullerton: the remembered choice no longer applies, and naming it is refused.
    await env.DB.prepare("DELETE FROM staff_members WHERE email = 'manager@example.com' AND location_id = ?")
      .bind(FULLERTON)
      .run();
    expect((await boardOf(remembered)).location.id).toBe(ANAHEIM);
    expect((await get(`/api/staff/orders?location=${FULLERTON}`, manager.cookie)).status).toBe(403);
  });

  it("refuses a member whose role is removed mid-session at the next request, and closes their board", async () => {
    const email = `removed-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await env.DB.prepare("INSERT INTO staff_members (email, location_id, role) VALUES (?, ?, 'manager')")
      .bind(email, FULLERTON)
      .run();
    const member = await signIn(email);
    const board = await openSocket(`/api/live/board?location=${FULLERTON}`, member.cookie);
    opened.push(board);
    const closed = new Promise<number>((resolve) =>
      board.socket.addEventListener("close", (event) => resolve(event.code)),
    );
    expect((await get("/api/staff/orders", member.cookie)).status).toBe(200);

    await env.DB.prepare("DELETE FROM staff_members WHERE email = ?").bind(email).run();
    expect((await get("/api/staff/orders", member.cookie)).status).toBe(403);
    expect((await get(`/api/staff/orders?location=${FULLERTON}`, member.cookie)).status).toBe(403);
    expect((await upgrade(`/api/live/board?location=${FULLERTON}`, { Cookie: member.cookie })).status).toBe(403);
    // Fullerton's next order, once the handshake's check is more than 5 s old, closes the socket instead of reaching it.
    const now = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now + LISTENER_CHECK_VALID_MS + 1);
    const orderId = await orderAt(FULLERTON);
    expect(await closed).toBe(4401);
    expect(board.messages.some((m) => (m as BoardOrderMessage).order?.id === orderId)).toBe(false);
  });

  it("opens the board's live socket on the shop named, which hears that shop's orders only", async () => {
    const manager = await signIn("manager@example.com");
    const fullertonBoard = await openSocket(`/api/live/board?location=${FULLERTON}`, manager.cookie);
    const anaheimBoard = await openSocket("/api/live/board", manager.cookie);
    opened.push(fullertonBoard, anaheimBoard);
    const atFullerton = await orderAt(FULLERTON);
    const atAnaheim = await orderAt(ANAHEIM);
    await fullertonBoard.next<BoardOrderMessage>((m) => m.type === "order" && m.order.id === atFullerton);
    await anaheimBoard.next<BoardOrderMessage>((m) => m.type === "order" && m.order.id === atAnaheim);
    await anaheimBoard.quietFor(200);
    expect(fullertonBoard.messages.some((m) => (m as BoardOrderMessage).order?.id === atAnaheim)).toBe(false);
    expect(anaheimBoard.messages.some((m) => (m as BoardOrderMessage).order?.id === atFullerton)).toBe(false);
  });
});
