import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "#worker/db/client";
import type { Listener } from "#worker/live/location-channel";
import { hashSessionToken } from "#worker/services/auth/sessions";
import { revokedSessions } from "#worker/services/live-access";
import { LOCAL_SESSION_COOKIE } from "#worker/services/auth/sign-in-session";
import { createSignedInUser } from "./sign-in";

/** A board's listener for a signed-in person: their session's hash, as the worker files it. */
async function boardListener(person: { userId: string; cookie: string }): Promise<Listener> {
  const token = person.cookie.slice(`${LOCAL_SESSION_COOKIE}=`.length);
  return { kind: "board", userId: person.userId, session: await hashSessionToken(token) };
}

/** A listener whose session the database has never held (signed out, or expired and swept). */
const goneListener = (): Listener => ({
  kind: "board",
  userId: crypto.randomUUID(),
  session: crypto.randomUUID(),
});

describe("checking a shop's listeners in one read, however many boards are open", () => {
  it("keeps the shop's own staff among a few hundred boards and names every other session, across the read's parts", async () => {
    const email = `many-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await env.DB.prepare("INSERT INTO staff_members (email, location_id, role) VALUES (?, 'loc-fullerton', 'staff')")
      .bind(email)
      .run();
    const member = await boardListener(await createSignedInUser({ email }));
    const stranger = await boardListener(await createSignedInUser());
    // More listeners than one statement may bind, with the member last: found only if every part is read.
    const gone = Array.from({ length: 250 }, goneListener);
    const listeners = [...gone, stranger, member];

    const revoked = await revokedSessions(getDb(env.DB), "loc-fullerton", listeners);

    expect(new Set(revoked)).toEqual(new Set([...gone, stranger].map((listener) => listener.session)));
    expect(revoked).not.toContain(member.session);
  });

  it("keeps a member of this shop and refuses the same person's board at a shop they are not on", async () => {
    const email = `one-shop-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await env.DB.prepare("INSERT INTO staff_members (email, location_id, role) VALUES (?, 'loc-fullerton', 'staff')")
      .bind(email)
      .run();
    const member = await boardListener(await createSignedInUser({ email }));

    expect(await revokedSessions(getDb(env.DB), "loc-fullerton", [member])).toEqual([]);
    expect(await revokedSessions(getDb(env.DB), "loc-scottsdale", [member])).toEqual([member.session]);
  });
});
