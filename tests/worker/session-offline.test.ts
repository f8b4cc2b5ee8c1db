import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "#common/session-user";
import { api, json } from "./helpers";
import { openSocket, upgrade } from "./live-sockets";
import { createBarista } from "./sign-in";

// A board that was offline when its session ended hears no close from the server: it finds out
// when it comes back. Its reconnection's handshake is refused, and GET /api/me, which the board
// then asks (web/features/staff-board/api/check-session.ts), says it is signed out.

const me = async (cookie: string) => json<SessionUser>(await api("/api/me", { headers: { Cookie: cookie } }));

describe("a session that ends while the board is offline", () => {
  it.each([
    ["its 30 days are over", "expires_at", () => new Date(Date.now() - 1000).toISOString()],
    ["it was idle for 7 days", "last_seen_at", () => new Date(Date.now() - 8 * 24 * 3600_000).toISOString()],
  ])("when %s: the reconnection is refused with 401 and /api/me answers a guest", async (_, column, value) => {
    const barista = await createBarista();
    const board = await openSocket("/api/live/board", barista.cookie);
    // Offline: the page's socket is gone without a word from the server.
    board.close();
    await env.DB.prepare(`UPDATE sessions SET ${column} = ? WHERE user_id = ?`).bind(value(), barista.userId).run();

    const handshake = await upgrade("/api/live/board", { Cookie: barista.cookie });
    expect(handshake.status).toBe(401);
    expect(handshake.webSocket).toBeNull();
    expect(await me(barista.cookie)).toMatchObject({ isAuthenticated: false, staff: null });
    expect((await api("/api/staff/orders", { headers: { Cookie: barista.cookie } })).status).toBe(401);
  });

  it("while the session is good, the reconnection opens and /api/me names the staff member", async () => {
    const barista = await createBarista();
    const board = await openSocket("/api/live/board", barista.cookie);
    board.close();
    const again = await openSocket("/api/live/board", barista.cookie);
    again.close();
    const who = await me(barista.cookie);
    expect(who.isAuthenticated).toBe(true);
    expect(who.staff).toMatchObject({ locationId: "loc-anaheim" });
  });
});
