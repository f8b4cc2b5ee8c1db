import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, json } from "./helpers";
import { upgrade } from "./live-sockets";
import { createBarista, createSignedInUser } from "./sign-in";

const me = async (cookie?: string) => json(await api("/api/me", { headers: cookie ? { Cookie: cookie } : {} }));

describe("staff membership in GET /api/me", () => {
  it("says the barista is staff of Squeeze Anaheim", async () => {
    const barista = await createBarista();
    expect(await me(barista.cookie)).toMatchObject({
      isAuthenticated: true,
      email: "barista@example.com",
      staff: { locationId: "loc-anaheim", locationName: "Squeeze Anaheim", role: "staff" },
    });
  });

  it("matches the listed e-mail whatever its case or surrounding spaces", async () => {
    const barista = await createSignedInUser({ email: " Barista@Example.COM " });
    expect(await me(barista.cookie)).toMatchObject({ staff: { locationId: "loc-anaheim", role: "staff" } });
  });

  it("says null for a shopper, for a look-alike address and for a guest", async () => {
    const shopper = await createSignedInUser();
    expect(await me(shopper.cookie)).toMatchObject({ isAuthenticated: true, staff: null });
    for (const email of ["barista@example.com.evil.example", "xbarista@example.com", "barista@example.co"]) {
      const lookalike = await createSignedInUser({ email });
      expect(await me(lookalike.cookie)).toMatchObject({ staff: null });
    }
    expect(await me()).toMatchObject({ isAuthenticated: false, staff: null });
  });

  it("follows the staff list: a removed member is a shopper at once, a manager is a manager", async () => {
    const email = `manager-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const person = await createSignedInUser({ email });
    await env.DB.prepare("INSERT INTO staff_members (email, location_id, role) VALUES (?, 'loc-anaheim', 'manager')")
      .bind(email)
      .run();
    expect(await me(person.cookie)).toMatchObject({ staff: { locationId: "loc-anaheim", role: "manager" } });
    await env.DB.prepare("DELETE FROM staff_members WHERE email = ?").bind(email).run();
    expect(await me(person.cookie)).toMatchObject({ staff: null });
  });

  const insert = (email: string, location: string, role: string) =>
    env.DB.prepare("INSERT INTO staff_members (email, location_id, role) VALUES (?, ?, ?)")
      .bind(email, location, role)
      .run();
  const staffRows = async () =>
    (
      await env.DB.prepare("SELECT email, role FROM staff_members ORDER BY email").all<{
        email: string;
        role: string;
      }>()
    ).results;

  it("refuses a staff row with an unknown role, something that is not an e-mail or an unknown location", async () => {
    await expect(insert("boss@example.com", "loc-anaheim", "admin")).rejects.toThrow(/CHECK constraint failed/);
    await expect(insert("Boss@Example.com", "loc-anaheim", "Owner")).rejects.toThrow(/CHECK constraint failed/);
    for (const notAnAddress of ["Nobody", "@example.com", " @Example.com"]) {
      await expect(insert(notAnAddress, "loc-anaheim", "staff")).rejects.toThrow(/CHECK constraint failed/);
    }
    await expect(insert("someone@example.com", "loc-nowhere", "staff")).rejects.toThrow(
      /FOREIGN KEY constraint failed/,
    );
    await expect(insert("Someone@Example.com", "loc-nowhere", "staff")).rejects.toThrow(
      /FOREIGN KEY constraint failed/,
    );
  });

  it("stores an e-mail written with capitals or spaces normalised, so that person is staff", async () => {
    for (const written of ["Casey@Example.com", "  jordan@example.com ", "SAM@EXAMPLE.COM"]) {
      await insert(written, "loc-anaheim", "staff");
    }
    expect(await staffRows()).toEqual(
      expect.arrayContaining([
        { email: "casey@example.com", role: "staff" },
        { email: "jordan@example.com", role: "staff" },
        { email: "sam@example.com", role: "staff" },
      ]),
    );
    const casey = await createSignedInUser({ email: "casey@example.com" });
    expect(await me(casey.cookie)).toMatchObject({ staff: { locationId: "loc-anaheim", role: "staff" } });

    // seed/staff.sql's upsert, written with capitals: the one row is updated, not doubled.
    await env.DB.prepare(
      `INSERT INTO staff_members (email, location_id, role) VALUES ('Casey@EXAMPLE.com', 'loc-anaheim', 'manager')
       ON CONFLICT (email, location_id) DO UPDATE SET role = excluded.role`,
    ).run();
    expect((await staffRows()).filter((row) => row.email.toLowerCase().startsWith("casey"))).toEqual([
      { email: "casey@example.com", role: "manager" },
    ]);
    for (const email of ["casey@example.com", "jordan@example.com", "sam@example.com"]) {
      await env.DB.prepare("DELETE FROM staff_members WHERE email = ?").bind(email).run();
    }
  });
});

describe("the board's live channel is for staff only", () => {
  it("answers 401 to a guest and 403 to a shopper", async () => {
    expect((await upgrade("/api/live/board")).status).toBe(401);
    const shopper = await createSignedInUser();
    const refused = await upgrade("/api/live/board", { Cookie: shopper.cookie });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ error: { code: "forbidden" } });
  });

  it("refuses a handshake from another site, without an Origin, or with a look-alike one", async () => {
    const barista = await createBarista();
    for (const origin of [
      "https://evil.example",
      "null",
      "http://localhost:5174",
      "http://localhost:5173.evil.example",
      "http://LOCALHOST:5173/",
    ]) {
      const response = await upgrade("/api/live/board", { Cookie: barista.cookie, Origin: origin });
      expect(response.status, origin).toBe(403);
    }
    const withoutOrigin = await api("/api/live/board", { headers: { Upgrade: "websocket", Cookie: barista.cookie } });
    expect(withoutOrigin.status).toBe(403);
  });

  it("answers 426 to a plain request", async () => {
    const barista = await createBarista();
    const response = await api("/api/live/board", {
      headers: { Cookie: barista.cookie, Origin: "http://localhost:5173" },
    });
    expect(response.status).toBe(426);
  });

  it("opens for the barista", async () => {
    const barista = await createBarista();
    const response = await upgrade("/api/live/board", { Cookie: barista.cookie });
    expect(response.status).toBe(101);
    response.webSocket!.accept();
    response.webSocket!.close(1000, "done");
  });
});

describe("one person at several shops", () => {
  const addShop = async () => {
    const id = `loc-second-${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare(
      "INSERT INTO locations (id, name, address, phone, time_zone) VALUES (?, 'Squeeze Second', '2 Test St', '+1 555 0101', 'America/Los_Angeles')",
    )
      .bind(id)
      .run();
    return id;
  };
  const board = async (cookie: string, location?: string) =>
    api(`/api/staff/orders${location === undefined ? "" : `?location=${encodeURIComponent(location)}`}`, {
      headers: { Cookie: cookie },
    });

  it("keeps one row per e-mail and shop, and opens the board of the first shop without ?location=", async () => {
    const second = await addShop();
    const email = `two-shops-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO staff_members (email, location_id, role) VALUES (?, 'loc-anaheim', 'staff')").bind(
        email,
      ),
      env.DB.prepare("INSERT INTO staff_members (email, location_id, role) VALUES (?, ?, 'manager')").bind(
        email,
        second,
      ),
    ]);
    const person = await createSignedInUser({ email });
    expect(await me(person.cookie)).toMatchObject({ staff: { locationId: "loc-anaheim", role: "staff" } });
    expect(await json(await board(person.cookie))).toMatchObject({ location: { id: "loc-anaheim" } });
    expect(await json(await board(person.cookie, second))).toMatchObject({ location: { id: second } });
  });

  it("refuses a shop the member is not listed for, in several spellings", async () => {
    const second = await addShop();
    const barista = await createBarista();
    for (const location of [second, second.toUpperCase(), ` ${second}`, "", "loc-nowhere", "loc-anaheim'--"]) {
      const response = await board(barista.cookie, location);
      expect(response.status, location).toBe(403);
    }
    expect((await board(barista.cookie, "loc-anaheim")).status).toBe(200);
  });

  it("lets the owner open every shop, the one their row names first", async () => {
    const second = await addShop();
    const owner = await createSignedInUser({ email: "owner@example.com" });
    expect(await me(owner.cookie)).toMatchObject({ staff: { locationId: "loc-anaheim", role: "owner" } });
    expect(await json(await board(owner.cookie, second))).toMatchObject({ location: { id: second } });
    expect((await board(owner.cookie, "loc-nowhere")).status).toBe(403);
  });
});
