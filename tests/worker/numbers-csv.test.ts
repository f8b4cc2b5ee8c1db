import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { NumbersResponse } from "#common/numbers";
import { parseCsv } from "#tests/shared/csv-reading";
import { api, json } from "./helpers";
import { buildKnownNumbers, PHOENIX, type NumbersPeople } from "./numbers-fixtures";

let people: NumbersPeople;
beforeAll(async () => {
  people = await buildKnownNumbers();
});

async function download(kind: "orders" | "lines", query: string) {
  const response = await api(`/api/staff/numbers/${kind}.csv?${query}`, { headers: { Cookie: people.owner.cookie } });
  expect(response.status).toBe(200);
  const text = await response.text();
  const [header, ...rows] = parseCsv(text);
  const records = rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]!])));
  return { response, text, header: header!, records };
}

const sumOf = (records: Record<string, string>[], column: string) =>
  Math.round(records.reduce((sum, record) => sum + Number(record[column]), 0) * 100);

const ANAHEIM_JUNE_10 = "from=2026-06-10&to=2026-06-10&location=loc-anaheim";

async function pageTotals(query: string) {
  const response = await api(`/api/staff/numbers?${query}`, { headers: { Cookie: people.owner.cookie } });
  return (await json<NumbersResponse>(response)).totals;
}

describe("orders.csv", () => {
  it("has a row per sale and per refund, on the shop's clock, adding up to the page's totals", async () => {
    const { response, text, header, records } = await download("orders", ANAHEIM_JUNE_10);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="squeeze-anaheim-2026-06-10-orders.csv"',
    );
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
    expect(header).toEqual([
      "Date",
      "Time",
      "Time Zone",
      "Shop",
      "Order",
      "Type",
      "Customer",
      "Drinks",
      "Gross Sales",
      "Discounts",
      "Promo Code Discounts",
      "Loyalty Discounts",
      "Discount Names",
      "Refunds",
      "Net Sales",
      "Tips",
      "Delivery Fees",
      "Total Collected",
      "Payment Method",
      "Collection",
      "Pickup or Delivery",
      "Status",
      "Sale Date",
      "Stamps Earned",
      "Stamps Spent",
    ]);
    expect(records.map((record) => `${record.Type} ${record.Time}`)).toEqual([
      "Sale 09:05:00",
      "Sale 10:30:00",
      "Sale 11:10:00",
      "Sale 12:00:00",
      "Sale 13:30:00",
      "Sale 15:00:00",
      "Sale 15:30:00",
      "Sale 22:00:00",
      "Sale 23:50:00",
      "Refund 13:00:00",
      "Refund 16:00:00",
    ]);
    const totals = await pageTotals(ANAHEIM_JUNE_10);
    const sales = records.filter((record) => record.Type === "Sale");
    expect(sales).toHaveLength(totals.orders);
    expect(sumOf(records, "Drinks") / 100).toBe(totals.drinks);
    expect(sumOf(records, "Gross Sales")).toBe(totals.grossSalesCents);
    expect(sumOf(records, "Refunds")).toBe(totals.refundsCents);
    expect(sumOf(records, "Net Sales")).toBe(totals.netSalesCents);
    expect(sumOf(records, "Tips")).toBe(totals.tipsCents);
    expect(sumOf(records, "Delivery Fees")).toBe(totals.deliveryFeesCents);
    expect(sumOf(records, "Total Collected")).toBe(totals.totalCollectedCents);

    // The order at 23:50, completed after midnight: once, on its day, as the shop's clock read.
    expect(records[8]).toEqual({
      Date: "2026-06-10",
      Time: "23:50:00",
      "Time Zone": "America/Los_Angeles",
      Shop: "Squeeze Anaheim",
      Order: "#NUMA8",
      Type: "Sale",
      Customer: "Pat Customer",
      Drinks: "1",
      "Gross Sales": "6.00",
      Discounts: "0.00",
      "Promo Code Discounts": "0.00",
      "Loyalty Discounts": "0.00",
      "Discount Names": "",
      Refunds: "0.00",
      "Net Sales": "6.00",
      Tips: "0.50",
      "Delivery Fees": "0.00",
      "Total Collected": "6.50",
      "Payment Method": "At the counter",
      Collection: "Collected",
      "Pickup or Delivery": "pickup",
      Status: "completed",
      "Sale Date": "2026-06-10",
      "Stamps Earned": "0",
      "Stamps Spent": "0",
    });
    // The delivery refunded the same day: negative amounts, plain numbers.
    expect(records[9]).toMatchObject({
      Order: "#NUMA3B",
      Refunds: "7.00",
      "Net Sales": "-7.00",
      "Delivery Fees": "-3.99",
      "Total Collected": "-10.99",
      Collection: "Refunded by card",
      "Sale Date": "2026-06-10",
    });
    expect(records[10]).toMatchObject({ Order: "#NUMA11", "Total Collected": "-3.50", Collection: "Given back" });
    expect(records[4]).toMatchObject({ Collection: "Refund owed", "Total Collected": "7.00" });
    expect(records[5]).toMatchObject({ Collection: "To collect", "Payment Method": "At the door" });
  });

  it("neutralises a text cell a spreadsheet would run as a formula, and quotes what needs quoting", async () => {
    const { text, records } = await download("orders", ANAHEIM_JUNE_10);
    const customers = records.map((record) => record.Customer);
    expect(customers).toContain(`'=HYPERLINK("http://evil.example","Click")`);
    expect(customers).toContain("'+1 555 0100");
    expect(customers).toContain("'-2+3");
    expect(customers).toContain("'@SUM(A1:A9)");
    expect(text).toContain(`"Ann ""Juicy"" Lee, Jr."`);
    for (const record of records) {
      for (const [column, value] of Object.entries(record)) {
        expect(/^[=+@]/.test(value), `${column}: ${value}`).toBe(false);
        if (value.startsWith("-")) expect(value, column).toMatch(/^-\d+\.\d{2}$/);
      }
    }
  });

  it("names the file after every shop for an export of all of them", async () => {
    const { response } = await download("orders", "from=2026-06-01&to=2026-06-30");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="all-shops-2026-06-01-to-2026-06-30-orders.csv"',
    );
  });
});

describe("lines.csv", () => {
  it("has a row per drink with its category, size and add-ons, adding up to the page's totals", async () => {
    const { header, records } = await download("lines", ANAHEIM_JUNE_10);
    expect(header).toEqual([
      "Date",
      "Time",
      "Time Zone",
      "Shop",
      "Order",
      "Type",
      "Customer",
      "Category",
      "Item",
      "Size",
      "Add-ons",
      "Quantity",
      "Unit Price",
      "Gross Sales",
      "Discounts",
      "Promo Code Discounts",
      "Loyalty Discounts",
      "Refunds",
      "Net Sales",
      "Payment Method",
      "Pickup or Delivery",
      "Status",
      "Sale Date",
      "Stamps Earned",
      "Stamps Spent",
    ]);
    expect(records).toHaveLength(12);
    expect(
      records.slice(0, 3).map((r) => [r.Order, r.Category, r.Item, r.Size, r["Add-ons"], r.Quantity, r["Gross Sales"]]),
    ).toEqual([
      ["#NUMA1", "", "Green Machine", "large", "Extra ginger", "2", "16.50"],
      ["#NUMA1", "", "Ginger Shot", "default", "Honey", "1", "3.75"],
      ["#NUMA2", "Fresh Juices", "Sunrise Orange", "medium", "", "1", "6.00"],
    ]);
    const totals = await pageTotals(ANAHEIM_JUNE_10);
    expect(sumOf(records, "Gross Sales")).toBe(totals.grossSalesCents);
    expect(sumOf(records, "Refunds")).toBe(totals.refundsCents);
    expect(sumOf(records, "Net Sales")).toBe(totals.netSalesCents);
    expect(
      sumOf(
        records.filter((r) => r.Type === "Sale"),
        "Quantity",
      ) / 100,
    ).toBe(totals.drinks);
  });

  it("streams more orders than one page holds, each once", async () => {
    const statements = Array.from({ length: 450 }, (_, index) => {
      const id = `bulk-${String(index).padStart(4, "0")}`;
      const at = new Date(Date.UTC(2026, 6, 1, 15, 0, index)).toISOString();
      return [
        env.DB.prepare(
          `INSERT INTO orders (id, user_id, location_id, status, payment_mode, payment_state, total_cents, subtotal_cents,
             customer_name, customer_email, phone, created_at, updated_at) VALUES (?, ?, ?, 'completed', 'stripe', 'paid', 500,
             500, 'Bulk', 'bulk@example.com', '+1 602 555 0100', ?, ?)`,
        ).bind(id, people.shopper.userId, PHOENIX.id, at, at),
        env.DB.prepare(
          "INSERT INTO order_items (order_id, name, size, unit_price_cents, quantity) VALUES (?, 'Sunrise Orange', 'small', 500, 1)",
        ).bind(id),
      ];
    }).flat();
    await env.DB.batch(statements);
    const query = `from=2026-07-01&to=2026-07-01&location=${PHOENIX.id}`;
    for (const kind of ["orders", "lines"] as const) {
      const { records } = await download(kind, query);
      expect(records).toHaveLength(450);
      expect(new Set(records.map((record) => record.Order)).size).toBe(450);
      expect(sumOf(records, "Gross Sales")).toBe(450 * 500);
    }
    expect((await pageTotals(query)).grossSalesCents).toBe(450 * 500);
  });
});
