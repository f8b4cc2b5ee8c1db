import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { EXPORT_PAGE_SIZE } from "#worker/services/orders/reports/exports";
import { EXPORT_QUERY_LIMIT } from "#worker/services/orders/reports/export-plan";
import { costOf } from "./counting-d1";
import { buildKnownNumbers, type NumbersPeople } from "./numbers-fixtures";

// An export says what it asks of D1 (X-Export-Queries), worked out before its first byte, and
// asks exactly that: a Worker invocation may make 1,000 queries, and a cut file is no export.

let people: NumbersPeople;
const MAY_ORDERS = 2 * EXPORT_PAGE_SIZE + 500;

beforeAll(async () => {
  people = await buildKnownNumbers();
  // A busy May at Anaheim: more than two pages of sales, each of two lines.
  await env.DB.batch([
    env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO orders (id, user_id, location_id, status, payment_mode, payment_state, total_cents, subtotal_cents,
         customer_name, customer_email, phone, created_at, updated_at, fulfilment, delivery_fee_cents, tip_cents)
       SELECT printf('may-%05d', i), ?, 'loc-anaheim', 'completed', 'pay_on_pickup', 'paid_at_counter', 1498, 1498,
         'Pat Customer', 'numbers@example.com', '+1 714 555 0100',
         strftime('%Y-%m-%dT%H:%M:%fZ', '2026-05-01T16:00:00Z', printf('+%d minutes', i * 9)),
         strftime('%Y-%m-%dT%H:%M:%fZ', '2026-05-01T16:00:00Z', printf('+%d minutes', i * 9)), 'pickup', 0, 0
       FROM n`,
    ).bind(MAY_ORDERS, people.shopper.userId),
    env.DB.prepare(
      `INSERT INTO order_items (order_id, product_id, name, size, unit_price_cents, quantity)
       SELECT id, NULL, 'Sunrise Orange', 'medium', 649, 1 FROM orders WHERE id LIKE 'may-%'
       UNION ALL SELECT id, NULL, 'Berry Blast', 'medium', 849, 1 FROM orders WHERE id LIKE 'may-%'`,
    ),
  ]);
});

async function exportCost(kind: "orders" | "lines", query: string) {
  const { response, body, cost } = await costOf(
    new Request(`http://localhost:5173/api/staff/numbers/${kind}.csv?${query}`, {
      headers: { Cookie: people.owner.cookie },
    }),
  );
  expect(response.status, body).toBe(200);
  return { planned: Number(response.headers.get("X-Export-Queries")), statements: cost.statements, body };
}

describe("an export's queries", () => {
  for (const kind of ["orders", "lines"] as const) {
    it(`${kind}.csv asks what it says it will, one more page of ${EXPORT_PAGE_SIZE} orders at a time`, async () => {
      const day = await exportCost(kind, "from=2026-05-01&to=2026-05-01&location=loc-anaheim");
      const month = await exportCost(kind, "from=2026-05-01&to=2026-05-31&location=loc-anaheim");
      // The same reads around the export (the session, the staff guard): the rest is the plan.
      expect(month.statements - month.planned).toBe(day.statements - day.planned);
      expect(month.body.split("\r\n").length).toBeGreaterThan(MAY_ORDERS);
      const pages = Math.ceil(MAY_ORDERS / EXPORT_PAGE_SIZE);
      expect(month.planned - day.planned).toBe(kind === "orders" ? pages - 1 : 4 * (pages - 1));
      expect(month.planned).toBeLessThan(EXPORT_QUERY_LIMIT);
    });
  }

  it("is refused in words, before any byte, when it would ask more than one download may", async () => {
    // Four hundred shops, each with its kinds of rows to count: more reads than a download may make.
    const shops = Array.from(
      { length: 400 },
      (_, index) => `('loc-many-${index}', 'Squeeze ${index}', '1 Main St', '+1 714 555 0100', 'America/Los_Angeles')`,
    );
    await env.DB.prepare(
      `INSERT INTO locations (id, name, address, phone, time_zone) VALUES ${shops.join(", ")}`,
    ).run();
    const { response, body } = await costOf(
      new Request("http://localhost:5173/api/staff/numbers/lines.csv?from=2026-05-01&to=2026-05-31", {
        headers: { Cookie: people.owner.cookie },
      }),
    );
    expect(response.status).toBe(422);
    expect(JSON.parse(body)).toEqual({
      error: {
        code: "export_too_large",
        message: "This export is too large for one download: export one shop at a time, or fewer days.",
        field: "location",
      },
    });
    await env.DB.prepare("DELETE FROM locations WHERE id LIKE 'loc-many-%'").run();
  });
});
