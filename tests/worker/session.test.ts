import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "#common/session-user";
import { getDb } from "#worker/db/client";
import { sessions } from "#worker/db/schema";
import {
  hashSessionToken,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_TOUCH_INTERVAL_MS,
} from "#worker/services/auth/sessions";
import { api, json } from "./helpers";
import { createSignedInUser } from "./sign-in";

const db = getDb(env.DB);
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function me(cookie?: string): Promise<{ response: Response; user: SessionUser }> {
  const response = await api("/api/me", cookie ? { headers: { Cookie: cookie } } : {});
  return { response, user: await json<SessionUser>(response.clone()) };
}

function tokenOf(cookie: string): string {
  return cookie.slice(cookie.indexOf("=") + 1);
}

describe("session cookie → GET /api/me", () => {
  it("answers a guest with empty values, not an error", async () => {
    const { response, user } = await me();
    expect(response.status).toBe(200);
    expect(user).toEqual({
      uid: "",
      username: "",
      email: "",
      phone: "",
      isAuthenticated: false,
      staff: null,
      shopId: null,
    });
  });

  it("knows the signed-in user", async () => {
    const { userId, cookie } = await createSignedInUser({
      username: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+1 555 010 0101",
    });
    const { user } = await me(cookie);
    expect(user).toEqual({
      uid: userId,
      username: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+1 555 010 0101",
      isAuthenticated: true,
      staff: null,
      shopId: null,
    });
  });

  it("stores only the SHA-256 of the token, never the token", async () => {
    const { userId, cookie } = await createSignedInUser();
    const token = tokenOf(cookie);
    expect(token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
    const rows = await db.query.sessions.findMany({ where: eq(sessions.userId, userId) });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(await hashSessionToken(token));
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("treats an unknown token as a guest and clears the cookie", async () => {
    const { response, user } = await me("squeeze_session=not-a-real-token");
    expect(user.isAuthenticated).toBe(false);
    expect(response.headers.get("Set-Cookie")).toMatch(/^squeeze_session=;.*Max-Age=0/);
  });

  it("clears a stale cookie on private answers only: a public, cacheable answer never carries Set-Cookie", async () => {
    const stale = { headers: { Cookie: "squeeze_session=not-a-real-token" } };
    for (const path of ["/api/categories", "/api/locations"]) {
      const response = await api(path, stale);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toMatch(/public/);
      expect(response.headers.get("Set-Cookie"), path).toBeNull();
    }
    const privateAnswer = await api("/api/store", stale);
    expect(privateAnswer.headers.get("Cache-Control")).not.toMatch(/public|s-maxage/);
    expect(
      privateAnswer.headers.getSetCookie().filter((cookie) => /^squeeze_session=;.*Max-Age=0/.test(cookie)),
    ).toHaveLength(1);
  });

  it("ends a session idle for longer than the idle timeout", async () => {
    const { cookie } = await createSignedInUser();
    const tokenHash = await hashSessionToken(tokenOf(cookie));
    await db
      .update(sessions)
      .set({ lastSeenAt: ago(SESSION_IDLE_TIMEOUT_MS + 1000) })
      .where(eq(sessions.tokenHash, tokenHash));
    expect((await me(cookie)).user.isAuthenticated).toBe(false);
    // The dead row is gone, so bringing the clock back cannot revive it.
    expect(await db.query.sessions.findFirst({ where: eq(sessions.tokenHash, tokenHash) })).toBeUndefined();
  });

  it("slides the idle expiry on use, but not on every request", async () => {
    const { cookie } = await createSignedInUser();
    const tokenHash = await hashSessionToken(tokenOf(cookie));
    const recently = ago(SESSION_TOUCH_INTERVAL_MS / 2);
    await db.update(sessions).set({ lastSeenAt: recently }).where(eq(sessions.tokenHash, tokenHash));
    await me(cookie);
    expect((await db.query.sessions.findFirst({ where: eq(sessions.tokenHash, tokenHash) }))!.lastSeenAt).toBe(
      recently,
    );

    const daysAgo = ago(SESSION_IDLE_TIMEOUT_MS - 60_000);
    await db.update(sessions).set({ lastSeenAt: daysAgo }).where(eq(sessions.tokenHash, tokenHash));
    expect((await me(cookie)).user.isAuthenticated).toBe(true);
    const touched = (await db.query.sessions.findFirst({ where: eq(sessions.tokenHash, tokenHash) }))!.lastSeenAt;
    expect(Date.now() - Date.parse(touched)).toBeLessThan(60_000);
  });

  it("ends an active session at its absolute expiry", async () => {
    const { cookie } = await createSignedInUser();
    const tokenHash = await hashSessionToken(tokenOf(cookie));
    await db
      .update(sessions)
      .set({ createdAt: ago(SESSION_ABSOLUTE_LIFETIME_MS + 1000), lastSeenAt: ago(1000), expiresAt: ago(1000) })
      .where(eq(sessions.tokenHash, tokenHash));
    expect((await me(cookie)).user.isAuthenticated).toBe(false);
  });
});

describe("expired session housekeeping", () => {
  it("deleteExpiredSessions removes sessions past either expiry and keeps live ones", async () => {
    const { deleteExpiredSessions } = await import("#worker/services/auth/sessions");
    const idle = await createSignedInUser();
    const old = await createSignedInUser();
    const live = await createSignedInUser();
    const hashOf = async (cookie: string) => hashSessionToken(tokenOf(cookie));
    await db
      .update(sessions)
      .set({ lastSeenAt: ago(SESSION_IDLE_TIMEOUT_MS + 1000) })
      .where(eq(sessions.tokenHash, await hashOf(idle.cookie)));
    await db
      .update(sessions)
      .set({ expiresAt: ago(1000) })
      .where(eq(sessions.tokenHash, await hashOf(old.cookie)));
    await deleteExpiredSessions(db);
    const remaining = new Set((await db.query.sessions.findMany()).map((row) => row.tokenHash));
    expect(remaining.has(await hashOf(idle.cookie))).toBe(false);
    expect(remaining.has(await hashOf(old.cookie))).toBe(false);
    expect(remaining.has(await hashOf(live.cookie))).toBe(true);
  });
});
