import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { StaffAvailability } from "#common/staff-availability";
import { api, json } from "./helpers";
import { createBarista, createSignedInUser, createStaffOfAnotherLocation } from "./sign-in";
import { ANAHEIM, jsonPost, resetShop, store, TUESDAY_NOON, useShopClock } from "./store-helpers";

afterEach(resetShop);

const MINUTE = 60_000;
const controls: [string, unknown][] = [
  ["/api/staff/availability/pause", { minutes: 15 }],
  ["/api/staff/availability/resume", {}],
  ["/api/staff/availability/sold-out", { productId: "prd-berry-blast", size: "all", soldOut: true }],
];

async function events() {
  const { results } = await env.DB.prepare(
    "SELECT kind, product_id, size, paused_until, actor_email, created_at FROM availability_events WHERE location_id = ? ORDER BY id",
  )
    .bind(ANAHEIM)
    .all();
  return results;
}

describe("/api/staff/availability: staff of the location only", () => {
  it("answers 401 to a guest and 403 to a shopper, and changes nothing", async () => {
    const shopper = await createSignedInUser();
    expect((await api("/api/staff/availability")).status).toBe(401);
    expect((await api("/api/staff/availability", { headers: { Cookie: shopper.cookie } })).status).toBe(403);
    for (const [path, body] of controls) {
      expect((await jsonPost(path, undefined, body)).status).toBe(401);
      expect((await jsonPost(path, shopper.cookie, body)).status).toBe(403);
    }
    expect(await store()).toMatchObject({ acceptingOrders: true, soldOut: [] });
    expect(await events()).toEqual([]);
  });

  it("lets another location's staff change only their own location", async () => {
    useShopClock();
    const other = await createStaffOfAnotherLocation();
    await env.DB.prepare(
      "INSERT INTO location_hours (location_id, weekday, opens, closes) VALUES (?, 2, '00:00', '00:00')",
    )
      .bind(other.locationId)
      .run();
    expect((await jsonPost("/api/staff/availability/pause", other.cookie, { minutes: null })).status).toBe(200);
    expect(
      (
        await jsonPost("/api/staff/availability/sold-out", other.cookie, {
          productId: "prd-berry-blast",
          size: "all",
          soldOut: true,
        })
      ).status,
    ).toBe(200);
    expect(await store()).toMatchObject({ acceptingOrders: true, soldOut: [] });
    expect(await store(`?location=${other.locationId}`)).toMatchObject({
      reason: "paused",
      soldOut: [{ productId: "prd-berry-blast", size: "all" }],
    });
  });
});

describe("pausing online orders", () => {
  it.each([15, 30, 60])("pauses for %i minutes and comes back by itself", async (minutes) => {
    const clock = useShopClock();
    const barista = await createBarista();
    const response = await jsonPost("/api/staff/availability/pause", barista.cookie, { minutes });
    expect(response.status).toBe(200);
    const until = new Date(TUESDAY_NOON.getTime() + minutes * MINUTE).toISOString();
    expect((await json<StaffAvailability>(response)).pause).toEqual({
      pausedUntil: until,
      pausedBy: "barista@example.com",
      pausedAt: TUESDAY_NOON.toISOString(),
    });
    expect(await store()).toMatchObject({
      acceptingOrders: false,
      reason: "paused",
      pausedUntil: until,
      pickupSlots: [],
    });
    clock.advance(minutes * MINUTE);
    expect(await store()).toMatchObject({ acceptingOrders: true, reason: null });
  });

  it("pauses until resumed, resumes with one call, and records who and when", async () => {
    const clock = useShopClock();
    const barista = await createBarista();
    await jsonPost("/api/staff/availability/pause", barista.cookie, { minutes: null });
    clock.advance(24 * 60 * MINUTE);
    expect(await store()).toMatchObject({ reason: "paused", pausedUntil: null });
    const resumed = await jsonPost("/api/staff/availability/resume", barista.cookie, {});
    expect((await json<StaffAvailability>(resumed)).pause).toBeNull();
    expect(await store()).toMatchObject({ acceptingOrders: true });
    // A second resume has nothing to undo and records nothing.
    await jsonPost("/api/staff/availability/resume", barista.cookie, {});
    expect(await events()).toEqual([
      {
        kind: "paused",
        product_id: null,
        size: null,
        paused_until: null,
        actor_email: "barista@example.com",
        created_at: TUESDAY_NOON.toISOString(),
      },
      {
        kind: "resumed",
        product_id: null,
        size: null,
        paused_until: null,
        actor_email: "barista@example.com",
        created_at: "2026-03-11T19:00:00.000Z",
      },
    ]);
  });

  it("refuses any other duration with 400 naming the field", async () => {
    const barista = await createBarista();
    for (const body of [{ minutes: 45 }, { minutes: "15" }, { minutes: -15 }, {}, { minutes: 15.5 }]) {
      const response = await jsonPost("/api/staff/availability/pause", barista.cookie, body);
      expect(response.status).toBe(400);
      expect((await json<ApiErrorBody>(response)).error.field).toBe("minutes");
    }
    expect(await store()).toMatchObject({ acceptingOrders: true });
  });
});

describe("sold-out drinks and sizes", () => {
  it("marks a size sold out and back with one call each, lists the drinks with their sizes, and records both", async () => {
    useShopClock();
    const barista = await createBarista();
    const before = await json<StaffAvailability>(
      await api("/api/staff/availability", { headers: { Cookie: barista.cookie } }),
    );
    expect(before.menu.find((drink) => drink.productId === "prd-sunrise-orange")).toEqual({
      productId: "prd-sunrise-orange",
      name: "Sunrise Orange",
      categoryName: "Fresh Juices",
      sizes: ["small", "medium", "large"],
    });
    expect(before.menu.find((drink) => drink.productId === "prd-ginger-shot")?.sizes).toEqual(["default"]);

    const mark = { productId: "prd-sunrise-orange", size: "large", soldOut: true };
    const marked = await json<StaffAvailability>(
      await jsonPost("/api/staff/availability/sold-out", barista.cookie, mark),
    );
    expect(marked.soldOut).toEqual([
      {
        productId: "prd-sunrise-orange",
        size: "large",
        markedBy: "barista@example.com",
        markedAt: TUESDAY_NOON.toISOString(),
      },
    ]);
    expect((await store()).soldOut).toEqual([{ productId: "prd-sunrise-orange", size: "large" }]);
    // Tapping twice is harmless.
    await jsonPost("/api/staff/availability/sold-out", barista.cookie, mark);

    const undone = await json<StaffAvailability>(
      await jsonPost("/api/staff/availability/sold-out", barista.cookie, { ...mark, soldOut: false }),
    );
    expect(undone.soldOut).toEqual([]);
    expect((await store()).soldOut).toEqual([]);
    expect((await events()).map((event) => [event.kind, event.product_id, event.size, event.actor_email])).toEqual([
      ["sold_out", "prd-sunrise-orange", "large", "barista@example.com"],
      ["back_on_menu", "prd-sunrise-orange", "large", "barista@example.com"],
    ]);
  });

  it("refuses a drink that does not exist, a size it is not sold in and a malformed mark", async () => {
    const barista = await createBarista();
    const post = (body: unknown) => jsonPost("/api/staff/availability/sold-out", barista.cookie, body);
    expect((await post({ productId: "prd-no-such-drink", size: "all", soldOut: true })).status).toBe(404);
    const wrongSize = await post({ productId: "prd-ginger-shot", size: "large", soldOut: true });
    expect(wrongSize.status).toBe(400);
    expect((await json<ApiErrorBody>(wrongSize)).error.field).toBe("size");
    for (const body of [
      { productId: "prd-berry-blast", size: "huge", soldOut: true },
      { productId: "prd-berry-blast", size: "all" },
      { size: "all", soldOut: true },
    ]) {
      expect((await post(body)).status).toBe(400);
    }
    expect((await store()).soldOut).toEqual([]);
  });
});

const OAT_MILK = "opt-milk-oat";

describe("who made a change, as recorded", () => {
  it.each(["  Barista@Example.com ", "BARISTA@EXAMPLE.COM"])(
    "is the staff member's e-mail trimmed and in lower case (signed in as %j)",
    async (typed) => {
      const barista = await createSignedInUser({ email: typed });
      const post = (path: string, body: unknown) => jsonPost(`/api/staff/availability/${path}`, barista.cookie, body);
      expect((await post("pause", { minutes: 15 })).status).toBe(200);
      const paused = await env.DB.prepare("SELECT paused_by FROM ordering_pauses WHERE location_id = ?")
        .bind(ANAHEIM)
        .first<{ paused_by: string }>();
      expect(paused?.paused_by).toBe("barista@example.com");
      expect((await post("resume", {})).status).toBe(200);
      const marked = await json<StaffAvailability>(
        await post("sold-out", { productId: "prd-berry-blast", size: "all", soldOut: true }),
      );
      expect(marked.soldOut.map((mark) => mark.markedBy)).toEqual(["barista@example.com"]);
      const optionMarked = await json<StaffAvailability>(
        await post("option-sold-out", { optionId: OAT_MILK, soldOut: true }),
      );
      expect(optionMarked.soldOutOptions.map((mark) => mark.markedBy)).toEqual(["barista@example.com"]);
      // Paused, resumed, the drink and the option marked: every row of the history.
      expect((await events()).map((event) => event.actor_email)).toEqual(Array(4).fill("barista@example.com"));
    },
  );
});

describe("who made a change, as recorded before", () => {
  it("is normalised in the history and the marks by the migration that moves them", async () => {
    const typed = "  Barista@Example.com ";
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO availability_events (location_id, kind, actor_email, created_at) VALUES (?, 'paused', ?, '2026-11-20T10:00:00.000Z')",
      ).bind(ANAHEIM, typed),
      env.DB.prepare(
        "INSERT INTO ordering_pauses (location_id, paused_until, paused_by, paused_at) VALUES (?, NULL, ?, '2026-11-20T10:00:00.000Z')",
      ).bind(ANAHEIM, typed),
      env.DB.prepare(
        "INSERT INTO sold_out_items (location_id, product_id, size, marked_by, marked_at) VALUES (?, 'prd-berry-blast', 'all', ?, '2026-11-20T10:00:00.000Z')",
      ).bind(ANAHEIM, typed),
      env.DB.prepare(
        "INSERT INTO sold_out_options (location_id, option_id, marked_by, marked_at) VALUES (?, ?, ?, '2026-11-20T10:00:00.000Z')",
      ).bind(ANAHEIM, OAT_MILK, typed),
    ]);
    // The migration as the tests' database applied it (found by name: its number may change).
    const migration = env.TEST_MIGRATIONS.find((entry) =>
      entry.name.endsWith("_staff_emails_in_history_normalized.sql"),
    );
    expect(migration?.queries).toHaveLength(4);
    await env.DB.batch(migration!.queries.map((statement) => env.DB.prepare(statement)));
    const recorded = await env.DB.prepare(
      `SELECT actor_email AS email FROM availability_events UNION ALL SELECT paused_by FROM ordering_pauses
       UNION ALL SELECT marked_by FROM sold_out_items UNION ALL SELECT marked_by FROM sold_out_options`,
    ).all<{ email: string }>();
    expect(recorded.results.map((row) => row.email)).toEqual(Array(4).fill("barista@example.com"));
  });
});

describe("a drink off the menu", () => {
  const hide = (sql: string) => env.DB.prepare(sql).run();
  afterEach(async () => {
    await hide("UPDATE products SET is_hidden = 0 WHERE id = 'prd-berry-blast'");
    await hide("UPDATE categories SET is_hidden = 0 WHERE id = 'cat-lemonades'");
  });

  it.each([
    [
      "a hidden drink, whole",
      "UPDATE products SET is_hidden = 1 WHERE id = 'prd-berry-blast'",
      "prd-berry-blast",
      "all",
    ],
    [
      "a hidden drink, one size",
      "UPDATE products SET is_hidden = 1 WHERE id = 'prd-berry-blast'",
      "prd-berry-blast",
      "large",
    ],
    [
      "a drink of a hidden category",
      "UPDATE categories SET is_hidden = 1 WHERE id = 'cat-lemonades'",
      "prd-classic-lemonade",
      "all",
    ],
  ])("cannot be marked sold out: %s is a 404 and nothing is written", async (_case, hiding, productId, size) => {
    const barista = await createBarista();
    await hide(hiding);
    const response = await jsonPost("/api/staff/availability/sold-out", barista.cookie, {
      productId,
      size,
      soldOut: true,
    });
    expect(response.status).toBe(404);
    expect(await json<ApiErrorBody>(response)).toMatchObject({ error: { code: "not_found", field: "productId" } });
    expect((await store()).soldOut).toEqual([]);
    expect(await events()).toEqual([]);
  });

  it("can have a mark from before it was hidden taken back", async () => {
    const barista = await createBarista();
    const mark = { productId: "prd-berry-blast", size: "all", soldOut: true };
    expect((await jsonPost("/api/staff/availability/sold-out", barista.cookie, mark)).status).toBe(200);
    await hide("UPDATE products SET is_hidden = 1 WHERE id = 'prd-berry-blast'");
    const undone = await jsonPost("/api/staff/availability/sold-out", barista.cookie, { ...mark, soldOut: false });
    expect(undone.status).toBe(200);
    expect((await store()).soldOut).toEqual([]);
  });
});

describe("state and history written together", () => {
  const TRIALS = 4;

  async function lastEventKind(productId: string | null) {
    const row = await env.DB.prepare(
      "SELECT kind FROM availability_events WHERE location_id = ? AND product_id IS ? ORDER BY id DESC LIMIT 1",
    )
      .bind(ANAHEIM, productId)
      .first<{ kind: string }>();
    return row?.kind ?? null;
  }

  it("ten pauses and ten resumes at once leave the pause and the last event in agreement", async () => {
    const barista = await createBarista();
    for (let trial = 0; trial < TRIALS; trial++) {
      const requests = Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? jsonPost("/api/staff/availability/pause", barista.cookie, { minutes: 15 })
          : jsonPost("/api/staff/availability/resume", barista.cookie, {}),
      );
      const answers = await Promise.all(requests);
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      const paused = await env.DB.prepare("SELECT count(*) AS n FROM ordering_pauses WHERE location_id = ?")
        .bind(ANAHEIM)
        .first<{ n: number }>();
      expect(await lastEventKind(null)).toBe(paused!.n > 0 ? "paused" : "resumed");
      const kinds = (await events()).map((event) => event.kind);
      // A resume with nothing to undo writes nothing: never two "resumed" in a row.
      expect(kinds.some((kind, i) => kind === "resumed" && kinds[i - 1] === "resumed")).toBe(false);
    }
  });

  it("twenty sold-out toggles at once leave the mark and the last event in agreement, one event per change", async () => {
    const barista = await createBarista();
    for (let trial = 0; trial < TRIALS; trial++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          jsonPost("/api/staff/availability/sold-out", barista.cookie, {
            productId: "prd-berry-blast",
            size: "all",
            soldOut: (i + trial) % 3 !== 0,
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      const marked = await env.DB.prepare(
        "SELECT count(*) AS n FROM sold_out_items WHERE location_id = ? AND product_id = 'prd-berry-blast'",
      )
        .bind(ANAHEIM)
        .first<{ n: number }>();
      expect(await lastEventKind("prd-berry-blast")).toBe(marked!.n > 0 ? "sold_out" : "back_on_menu");
      const kinds = (await events()).filter((event) => event.product_id === "prd-berry-blast").map((e) => e.kind);
      expect(kinds.some((kind, i) => i > 0 && kind === kinds[i - 1])).toBe(false);
    }
  });
});

describe("the Menu tab at a shop that does not sell everything", () => {
  afterEach(async () => {
    await env.DB.prepare(
      "DELETE FROM location_not_sold WHERE location_id = 'loc-scottsdale' AND option_id = 'opt-milk-oat'",
    ).run();
  });

  it("lists at Scottsdale only the drinks and options Scottsdale sells; Anaheim's lists them", async () => {
    await env.DB.prepare(
      "INSERT INTO location_not_sold (location_id, product_id, option_id) VALUES ('loc-scottsdale', NULL, 'opt-milk-oat')",
    ).run();
    const menuOf = async (cookie: string) => {
      const answer = await json<StaffAvailability>(
        await api("/api/staff/availability", { headers: { Cookie: cookie } }),
      );
      return {
        drinks: answer.menu.map((drink) => drink.productId),
        options: answer.addOns.flatMap((group) => group.options.map((option) => option.optionId)),
      };
    };
    const scottsdale = await menuOf(
      (await createSignedInUser({ username: "Scottsdale Barista", email: "barista.scottsdale@example.com" })).cookie,
    );
    expect(scottsdale.drinks).not.toContain("prd-immunity-shot");
    expect(scottsdale.drinks).toContain("prd-ginger-shot");
    expect(scottsdale.options).not.toContain("opt-milk-oat");
    expect(scottsdale.options.length).toBeGreaterThan(0);

    const anaheim = await menuOf((await createBarista()).cookie);
    expect(anaheim.drinks).toContain("prd-immunity-shot");
    expect(anaheim.options).toContain("opt-milk-oat");
  });
});
