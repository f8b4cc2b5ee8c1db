import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CartPricesResponse } from "#common/cart-prices";
import type { Product } from "#common/catalog";
import type { OrderAgainResponse } from "#common/order-again";
import type { CreateOrderResponse } from "#common/orders";
import { getDb } from "#worker/db/client";
import { ApiError } from "#worker/lib/errors";
import { CATALOG_VERSION_TTL_MS } from "#worker/services/catalog-version";
import { priceOrderLines } from "#worker/services/orders/pricing";
import guide from "../../docs/owners-guide.md?raw";
import { api, json } from "./helpers";
import { PHONE, postOrder } from "./order-requests";
import { seedStatements } from "./seed-sql";
import { createSignedInUser } from "./sign-in";
import { jsonPost, resetShop } from "./store-helpers";

const ANAHEIM = "loc-anaheim";
const FULLERTON = "loc-fullerton";
const SCOTTSDALE = "loc-scottsdale";
const JUICES = "/api/categories/cat-fresh-juices/products";
const SHOTS = "/api/categories/cat-wellness-shots/products";
const SUNRISE = `${JUICES}/prd-sunrise-orange`;
const IMMUNITY = `${SHOTS}/prd-immunity-shot`;

/** The worker's clock, moved past the catalog version's lifetime: the next read sees D1's version. */
let clock = Date.now() + 2 * 60 * 60 * 1000;
function nextVersion() {
  clock += CATALOG_VERSION_TTL_MS + 1;
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(clock);
}

beforeEach(() => nextVersion());

// Back to the seed's shop rows (the tests add their own), and the shop's state.
afterEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM location_prices"),
    env.DB.prepare("DELETE FROM location_not_sold"),
    env.DB.prepare("DELETE FROM sold_out_items"),
    ...seedStatements(env.TEST_SEED_SQL)
      .filter((statement) => /INTO location_(prices|not_sold) /.test(statement))
      .map((statement) => env.DB.prepare(statement)),
  ]);
  await resetShop();
});

const at = (path: string, location?: string) => (location ? `${path}?location=${location}` : path);
const mediumPrice = (product: Product) => product.pricesBySize.medium;

describe("a shop's own prices", () => {
  it("Fullerton sells Sunrise Orange medium at its own price, without the catalog's sale; Anaheim and Scottsdale at the catalog's", async () => {
    const fullerton = await json<Product>(await api(at(SUNRISE, FULLERTON)));
    expect(mediumPrice(fullerton)).toEqual({ priceCents: 749, discountedPriceCents: null });
    // The other sizes keep the catalog's prices.
    expect(fullerton.pricesBySize.small).toEqual({ priceCents: 549, discountedPriceCents: null });

    for (const path of [SUNRISE, at(SUNRISE, ANAHEIM), at(SUNRISE, SCOTTSDALE)]) {
      const product = await json<Product>(await api(path));
      expect(mediumPrice(product), path).toEqual({ priceCents: 699, discountedPriceCents: 649 });
    }
    const list = await json<Product[]>(await api(at(JUICES, FULLERTON)));
    expect(mediumPrice(list.find((product) => product.id === "prd-sunrise-orange")!)?.priceCents).toBe(749);
  });

  it("a cached Fullerton menu never answers a request for Anaheim, in either order", async () => {
    for (let round = 0; round < 2; round += 1) {
      // Twice each: the second read of each is the edge cache's.
      for (const [path, cents] of [
        [at(JUICES, FULLERTON), 749],
        [JUICES, 649],
        [at(JUICES, ANAHEIM), 649],
        [at(JUICES, FULLERTON), 749],
      ] as const) {
        const products = await json<Product[]>(await api(path));
        const sunrise = products.find((product) => product.id === "prd-sunrise-orange")!;
        expect(sunrise.pricesBySize.medium!.discountedPriceCents ?? sunrise.pricesBySize.medium!.priceCents, path).toBe(
          cents,
        );
      }
    }
  });

  it("a price set for a shop reaches its cached menu once the catalog's version is read again", async () => {
    expect(mediumPrice(await json<Product>(await api(at(SUNRISE, SCOTTSDALE))))?.priceCents).toBe(699);
    await env.DB.prepare(
      "INSERT INTO location_prices (location_id, product_id, size, price_cents, discounted_price_cents) VALUES ('loc-scottsdale', 'prd-sunrise-orange', 'medium', 799, 759)",
    ).run();
    nextVersion();
    expect(mediumPrice(await json<Product>(await api(at(SUNRISE, SCOTTSDALE))))).toEqual({
      priceCents: 799,
      discountedPriceCents: 759,
    });
    expect(mediumPrice(await json<Product>(await api(SUNRISE)))?.priceCents).toBe(699);
  });

  it("an option's price at one shop: the drink shows it there and an order is priced with it", async () => {
    await env.DB.prepare(
      "INSERT INTO location_prices (location_id, option_id, price_cents) VALUES ('loc-anaheim', 'opt-boost-protein', 150)",
    ).run();
    nextVersion();
    const optionPrice = (product: Product) =>
      product.modifierGroups.flatMap((group) => group.options).find((option) => option.id === "opt-boost-protein")
        ?.priceCents;
    expect(optionPrice(await json<Product>(await api(SUNRISE)))).toBe(150);
    expect(optionPrice(await json<Product>(await api(at(SUNRISE, FULLERTON))))).toBe(100);

    const shopper = await createSignedInUser();
    const response = await postOrder(shopper.cookie, {
      lines: [
        {
          productId: "prd-sunrise-orange",
          size: "small",
          quantity: 2,
          note: "",
          modifierIds: ["opt-ice-light", "opt-boost-protein"],
        },
      ],
      phone: PHONE,
    });
    expect(response.status).toBe(201);
    const { order } = await json<CreateOrderResponse>(response);
    expect(order.lines[0]!.unitPriceCents).toBe(549 + 150);
  });

  it("the server prices an order at the shop it is for", async () => {
    const db = getDb(env.DB);
    const line = {
      productId: "prd-sunrise-orange",
      size: "medium",
      quantity: 2,
      note: "",
      modifierIds: undefined,
    } as const;
    expect((await priceOrderLines(db, [line], FULLERTON)).subtotalCents).toBe(2 * 749);
    expect((await priceOrderLines(db, [line], ANAHEIM)).subtotalCents).toBe(2 * 649);
    await expect(priceOrderLines(db, [line], "loc-nowhere")).rejects.toMatchObject({
      status: 400,
      field: "locationId",
    });
  });
});

describe("a drink or an option a shop does not sell", () => {
  it("Scottsdale's menu has no Immunity Shot and its drink page answers 404; the other shops sell it", async () => {
    const ids = async (location?: string) =>
      (await json<Product[]>(await api(at(SHOTS, location)))).map((product) => product.id);
    expect(await ids(SCOTTSDALE)).not.toContain("prd-immunity-shot");
    expect(await ids(SCOTTSDALE)).toContain("prd-ginger-shot");
    expect(await ids(FULLERTON)).toContain("prd-immunity-shot");
    expect(await ids()).toContain("prd-immunity-shot");

    expect((await api(at(IMMUNITY, SCOTTSDALE))).status).toBe(404);
    expect((await api(at(IMMUNITY, FULLERTON))).status).toBe(200);
  });

  it("a drink Scottsdale does not sell answers its own 404 naming the shops that sell it, nearest first; a drink there is not stays 'Product not found'", async () => {
    const notSold = await api(at(IMMUNITY, SCOTTSDALE));
    expect(notSold.status).toBe(404);
    expect(await notSold.json()).toEqual({
      error: {
        code: "product_not_sold",
        message: "Not sold at Squeeze Scottsdale",
        // Nearest to Scottsdale first: Fullerton lies a few miles east of Anaheim.
        soldAt: [
          { id: FULLERTON, name: "Squeeze Fullerton", slug: "fullerton" },
          { id: ANAHEIM, name: "Squeeze Anaheim", slug: "anaheim" },
        ],
      },
    });

    // A shop that does not take online orders is not offered, and never more than three are named.
    await env.DB.prepare("UPDATE locations SET takes_online_orders = 0 WHERE id = ?").bind(FULLERTON).run();
    for (const [id, slug, lng] of [
      ["loc-tempe", "tempe", -111.94],
      ["loc-mesa", "mesa", -111.83],
      ["loc-chandler", "chandler", -111.84],
      ["loc-tucson", "tucson", -110.97],
    ] as const)
      await env.DB.prepare(
        `INSERT INTO locations (id, slug, name, address, phone, time_zone, latitude, longitude)
         VALUES (?, ?, ?, '1 Main St', '+1 480 555 0100', 'America/Phoenix', 33.4, ?)`,
      )
        .bind(id, slug, `Squeeze ${slug[0]!.toUpperCase()}${slug.slice(1)}`, lng)
        .run();
    try {
      const body = await json<{ error: { soldAt: { id: string }[] } }>(await api(at(IMMUNITY, SCOTTSDALE)));
      expect(body.error.soldAt.map((shop) => shop.id)).toEqual(["loc-tempe", "loc-chandler", "loc-mesa"]);
    } finally {
      await env.DB.batch([
        env.DB.prepare("DELETE FROM locations WHERE id IN ('loc-tempe', 'loc-mesa', 'loc-chandler', 'loc-tucson')"),
        env.DB.prepare("UPDATE locations SET takes_online_orders = 1 WHERE id = ?").bind(FULLERTON),
      ]);
    }

    for (const missing of [
      `${SHOTS}/prd-no-such-drink`,
      "/api/categories/cat-fresh-juices/products/prd-immunity-shot",
    ]) {
      const answer = await api(at(missing, SCOTTSDALE));
      expect(answer.status, missing).toBe(404);
      expect(await answer.json(), missing).toEqual({ error: { code: "not_found", message: "Product not found" } });
    }
  });

  it("a featured drink a shop does not sell leaves that shop's popular row only", async () => {
    const featured = async (location?: string) =>
      (await json<Product[]>(await api(at("/api/products/featured", location)))).map((product) => product.id);
    const everywhere = await featured();
    expect(everywhere).toContain("prd-sunrise-orange");
    await env.DB.prepare(
      "INSERT INTO location_not_sold (location_id, product_id) VALUES ('loc-fullerton', 'prd-sunrise-orange')",
    ).run();
    nextVersion();
    expect(await featured(FULLERTON)).not.toContain("prd-sunrise-orange");
    expect(await featured(ANAHEIM)).toEqual(everywhere);
  });

  it("an order with a drink its shop does not sell is refused there, naming the line, and accepted at another", async () => {
    const db = getDb(env.DB);
    const lines = [
      { productId: "prd-ginger-shot", size: "default", quantity: 1, note: "" },
      { productId: "prd-immunity-shot", size: "default", quantity: 2, note: "" },
    ] as const;
    const refusal = await priceOrderLines(db, [...lines], SCOTTSDALE).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 409, code: "item_not_sold", field: "lines.1.productId" });
    expect((refusal as ApiError).message).toContain("Squeeze Scottsdale does not sell Immunity Shot");
    expect((await priceOrderLines(db, [...lines], FULLERTON)).subtotalCents).toBe(349 + 2 * 449);

    // Through POST /api/orders (the default shop, Anaheim), once Anaheim stops selling it.
    const shopper = await createSignedInUser();
    expect((await postOrder(shopper.cookie, { lines: [...lines], phone: PHONE })).status).toBe(201);
    await env.DB.prepare(
      "INSERT INTO location_not_sold (location_id, product_id) VALUES ('loc-anaheim', 'prd-immunity-shot')",
    ).run();
    const refused = await postOrder(shopper.cookie, { lines: [...lines], phone: PHONE });
    expect(refused.status).toBe(409);
    expect((await json<{ error: { code: string; field: string } }>(refused)).error).toMatchObject({
      code: "item_not_sold",
      field: "lines.1.productId",
    });
  });

  it("an option a shop does not sell leaves the drink's choices there and is refused in its orders", async () => {
    await env.DB.prepare(
      "INSERT INTO location_not_sold (location_id, option_id) VALUES ('loc-fullerton', 'opt-boost-protein')",
    ).run();
    nextVersion();
    const optionIds = (product: Product) =>
      product.modifierGroups.flatMap((group) => group.options.map((option) => option.id));
    expect(optionIds(await json<Product>(await api(at(SUNRISE, FULLERTON))))).not.toContain("opt-boost-protein");
    expect(optionIds(await json<Product>(await api(SUNRISE)))).toContain("opt-boost-protein");

    const db = getDb(env.DB);
    const line = {
      productId: "prd-sunrise-orange",
      size: "small" as const,
      quantity: 1,
      note: "",
      modifierIds: ["opt-ice-light", "opt-boost-protein"],
    };
    await expect(priceOrderLines(db, [line], FULLERTON)).rejects.toMatchObject({
      status: 409,
      code: "item_not_sold",
      field: "lines.0.modifierIds.1",
    });
    expect((await priceOrderLines(db, [line], ANAHEIM)).subtotalCents).toBe(549 + 100);
  });
});

describe("?location= on the menu's endpoints", () => {
  it.each([
    ["an unknown shop", "loc-nowhere", 400],
    ["an empty value", "", 400],
    ["a path", "..%2Floc-anaheim", 400],
    ["a quoted id", "%27loc-anaheim%27", 400],
    ["an id far too long", "a".repeat(200), 400],
  ])("refuses %s with 400 naming location, on every endpoint", async (_case, value, status) => {
    for (const path of ["/api/categories", JUICES, SUNRISE, "/api/products/featured"]) {
      const response = await api(`${path}?location=${value}`);
      expect(response.status, path).toBe(status);
      expect((await json<{ error: { field: string } }>(response)).error.field, path).toBe("location");
    }
  });

  it("refuses a shop named twice", async () => {
    const response = await api(`${JUICES}?location=${ANAHEIM}&location=${FULLERTON}`);
    expect(response.status).toBe(400);
    expect((await json<{ error: { field: string } }>(response)).error.field).toBe("location");
  });
});

const cartPrices = (body: unknown) => jsonPost("/api/cart-prices", undefined, body);

describe("POST /api/cart-prices", () => {
  const lines = [
    { productId: "prd-sunrise-orange", size: "medium", optionIds: ["opt-ice-light", "opt-boost-protein"] },
    { productId: "prd-immunity-shot", size: "default" },
    { productId: "prd-ginger-shot", size: "default", optionIds: [] },
    { productId: "prd-no-such-drink", size: "small" },
    { productId: "prd-ginger-shot", size: "large" },
  ];

  it("answers each line at the shop, in order: its price, or why the shop cannot make it", async () => {
    await env.DB.prepare(
      "INSERT INTO sold_out_items (location_id, product_id, size, marked_by, marked_at) VALUES ('loc-fullerton', 'prd-ginger-shot', 'all', 'barista.fullerton@example.com', '2026-11-26T08:00:00.000Z')",
    ).run();
    const answer = async (locationId: string) => {
      const response = await cartPrices({ locationId, lines });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      return (await json<CartPricesResponse>(response)).lines;
    };
    expect(await answer(ANAHEIM)).toEqual([
      { unitPriceCents: 649 + 100 },
      { unitPriceCents: 449 },
      { unitPriceCents: 349 },
      { unavailable: "unknown" },
      { unavailable: "unknown" },
    ]);
    expect(await answer(FULLERTON)).toEqual([
      { unitPriceCents: 749 + 100 },
      { unitPriceCents: 449 },
      { unavailable: "sold_out" },
      { unavailable: "unknown" },
      { unavailable: "unknown" },
    ]);
    expect((await answer(SCOTTSDALE))[1]).toEqual({ unavailable: "not_sold" });
  });

  it("says not_sold for a line with an option the shop does not sell", async () => {
    await env.DB.prepare(
      "INSERT INTO location_not_sold (location_id, option_id) VALUES ('loc-scottsdale', 'opt-boost-protein')",
    ).run();
    const response = await cartPrices({ locationId: SCOTTSDALE, lines: [lines[0]] });
    expect((await json<CartPricesResponse>(response)).lines).toEqual([{ unavailable: "not_sold" }]);
  });

  it("answers an empty cart with no lines", async () => {
    const response = await cartPrices({ locationId: ANAHEIM, lines: [] });
    expect(await json<CartPricesResponse>(response)).toEqual({
      lines: [],
      discount: null,
      promoRefusal: null,
      rewardDiscount: null,
      rewardRefusal: null,
    });
  });

  it.each([
    ["no shop", { lines }, "locationId"],
    ["an unknown shop", { locationId: "loc-nowhere", lines }, "locationId"],
    ["a blank shop", { locationId: "  ", lines }, "locationId"],
    ["a shop that is not text", { locationId: 7, lines }, "locationId"],
    ["lines that are not a list", { locationId: ANAHEIM, lines: "prd-ginger-shot" }, "lines"],
    ["more lines than a cart may have", { locationId: ANAHEIM, lines: Array(31).fill(lines[2]) }, "lines"],
    [
      "an unknown size",
      { locationId: ANAHEIM, lines: [{ productId: "prd-ginger-shot", size: "huge" }] },
      "lines.0.size",
    ],
    ["a line without a drink", { locationId: ANAHEIM, lines: [{ size: "default" }] }, "lines.0.productId"],
    [
      "options that are not a list",
      { locationId: ANAHEIM, lines: [{ productId: "prd-ginger-shot", size: "default", optionIds: "opt-ice-light" }] },
      "lines.0.optionIds",
    ],
  ])("refuses %s with 400 naming the field", async (_case, body, field) => {
    const response = await cartPrices(body);
    expect(response.status).toBe(400);
    expect((await json<{ error: { field: string } }>(response)).error.field).toBe(field);
  });

  it("refuses a body that is not JSON", async () => {
    const response = await api("/api/cart-prices", {
      method: "POST",
      headers: { "Content-Type": "text/plain", Origin: "http://localhost:5173" },
      body: "locationId=loc-anaheim",
    });
    expect(response.status).toBe(415);
  });
});

describe("Order again at the shop the shopper has chosen", () => {
  it("fills the cart at that shop's prices and leaves out what it does not sell", async () => {
    const shopper = await createSignedInUser();
    const placed = await postOrder(shopper.cookie, {
      lines: [
        { productId: "prd-sunrise-orange", size: "medium", quantity: 1, note: "" },
        { productId: "prd-immunity-shot", size: "default", quantity: 1, note: "" },
      ],
      phone: PHONE,
    });
    expect(placed.status).toBe(201);
    const { order } = await json<CreateOrderResponse>(placed);
    const again = (location?: string) =>
      api(at(`/api/orders/${order.id}/again`, location), { headers: { Cookie: shopper.cookie } });

    const atFullerton = await json<OrderAgainResponse>(await again(FULLERTON));
    expect(atFullerton.lines.map((line) => [line.productId, line.unitPriceCents, line.previousUnitPriceCents])).toEqual(
      [
        ["prd-sunrise-orange", 749, 649],
        ["prd-immunity-shot", 449, 449],
      ],
    );
    expect(atFullerton.leftOut).toEqual([]);

    const atScottsdale = await json<OrderAgainResponse>(await again(SCOTTSDALE));
    expect(atScottsdale.lines.map((line) => line.productId)).toEqual(["prd-sunrise-orange"]);
    expect(atScottsdale.leftOut).toEqual([{ name: "Immunity Shot", size: "default", reason: "not_sold_here" }]);

    const atDefault = await json<OrderAgainResponse>(await again());
    expect(atDefault.lines.map((line) => line.unitPriceCents)).toEqual([649, 449]);

    for (const bad of ["loc-nowhere", "", "%3Cscript%3E"]) {
      const response = await api(`/api/orders/${order.id}/again?location=${bad}`, {
        headers: { Cookie: shopper.cookie },
      });
      expect(response.status, bad).toBe(400);
      expect((await json<{ error: { field: string } }>(response)).error.field).toBe("location");
    }
  });
});

describe("the owner's guide's example of a shop's prices and drinks", () => {
  /** The ```sql block under "### Prices and drinks per shop", as statements. */
  function example(): string[] {
    const section = guide.slice(guide.indexOf("### Prices and drinks per shop"));
    const block = /```sql\n([\s\S]*?)```/.exec(section)?.[1];
    if (!block) throw new Error('docs/owners-guide.md: no sql block under "### Prices and drinks per shop"');
    return seedStatements(block);
  }
  const run = (statements: string[]) => env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));

  it("sets the prices and the drinks not sold, however often it is run, and its DELETEs undo them", async () => {
    const writes = example().filter((statement) => !/^DELETE/i.test(statement));
    const undo = example().filter((statement) => /^DELETE/i.test(statement));
    expect(writes).toHaveLength(2);
    expect(undo).toHaveLength(2);
    await run(writes);
    await run(writes);
    nextVersion();

    const mango = await json<Product>(
      await api(at("/api/categories/cat-smoothies/products/prd-mango-tango", FULLERTON)),
    );
    expect(mango.pricesBySize.large).toEqual({ priceCents: 949, discountedPriceCents: 899 });
    const charcoal = "/api/categories/cat-green-detox/products/prd-charcoal-lemonade";
    expect((await api(at(charcoal, SCOTTSDALE))).status).toBe(404);
    const { results } = await env.DB.prepare(
      "SELECT count(*) AS n FROM location_prices WHERE location_id = 'loc-fullerton'",
    ).all<{ n: number }>();
    expect(results[0]!.n).toBe(3); // the seed's Sunrise Orange, and the example's two

    await run(undo);
    nextVersion();
    const mangoAgain = await json<Product>(
      await api(at("/api/categories/cat-smoothies/products/prd-mango-tango", FULLERTON)),
    );
    expect(mangoAgain.pricesBySize.large).toEqual({ priceCents: 999, discountedPriceCents: null });
    expect((await api(at(charcoal, SCOTTSDALE))).status).toBe(200);
  });
});
