import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { EXPORT_SOURCES, exportPageSql, pageLinesSql } from "#worker/services/orders/reports/exports";
import {
  discountsByKindStatement,
  promoUsesStatement,
  refundsStatement,
  salesByDayStatement,
  salesByHourStatement,
  stampCardStatement,
  whatSoldStatement,
  type ReportStatement,
} from "#worker/services/orders/reports/report-queries";
import { shopRange } from "#worker/services/orders/reports/shop-range";

/** The plan's lines, as EXPLAIN QUERY PLAN words them. */
async function plan(text: string, params: string[]): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

describe("every report query reads the orders through an index", () => {
  const ranges = {
    day: shopRange("2026-11-01", "2026-11-01", "America/Los_Angeles"),
    year: shopRange("2026-01-01", "2026-12-31", "America/Los_Angeles"),
  };
  for (const [name, range] of Object.entries(ranges)) {
    const oneDay = name === "day";
    const statements: ReportStatement[] = [
      salesByDayStatement("loc-anaheim", range),
      salesByHourStatement("loc-anaheim", range, oneDay),
      refundsStatement("loc-anaheim", range, oneDay),
      whatSoldStatement("loc-anaheim", range, "sales"),
      whatSoldStatement("loc-anaheim", range, "refunds"),
      promoUsesStatement("loc-anaheim", range),
      discountsByKindStatement("loc-anaheim", range, oneDay),
      stampCardStatement("loc-anaheim", range),
      ...EXPORT_SOURCES.flatMap((source, index) => [
        ...Object.entries(pageLinesSql(range, source, true)).map(([part, text]) => ({
          name: `export page ${index}'s ${part}`,
          text,
          params: ["loc-anaheim", "a", "b", "c", "d"],
        })),
        { name: `export page ${index}`, text: exportPageSql(range, source, false), params: ["loc-anaheim"] },
        {
          name: `export next page ${index}`,
          text: exportPageSql(range, source, true),
          params: ["loc-anaheim", "x", "y"],
        },
      ]),
    ];
    for (const statement of statements) {
      it(`${statement.name} (${name})`, async () => {
        const lines = await plan(statement.text, statement.params);
        const onOrders = lines.filter((line) => /\b(SCAN|SEARCH) o\b/.test(line));
        expect(onOrders.length, lines.join("\n")).toBeGreaterThan(0);
        for (const line of onOrders)
          expect(line, lines.join("\n")).toMatch(/^SEARCH o USING (COVERING )?INDEX orders_location_/);
        expect(lines.join("\n")).not.toMatch(
          /\bSCAN (o|orders|i|order_items|p|order_item_options|d|order_discounts|s|order_discount_lines|l|stamp_ledger)\b/,
        );
      });
    }
  }
});
