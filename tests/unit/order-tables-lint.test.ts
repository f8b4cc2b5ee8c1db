import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

/**
 * The rule that keeps the order tables to the orders room (eslint.config.js, decision record 0012):
 * reads and writes, by name or as a member of the schema, in drizzle or SQL, are refused outside
 * worker/services/orders/ and worker/db/, and allowed inside.
 */
const { default: config } = (await import(
  /* @vite-ignore */ pathToFileURL(join(process.cwd(), "eslint.config.js")).href
)) as {
  default: { rules?: Record<string, unknown> }[];
};
// Only the project's rule under test, with the TypeScript parser: no import resolver, so it stays fast.
const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [
    { files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } },
    ...config.filter((entry) => entry.rules?.["no-restricted-syntax"]),
  ] as ESLint.Options["overrideConfig"],
});

async function orderTableProblems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === "no-restricted-syntax")
    .map((message) => message.message);
}

const READS = [
  `import { orders } from "#worker/db/schema";\nexport const q = (db: any) => db.select().from(orders);`,
  `import * as schema from "#worker/db/schema";\nexport const q = (db: any) => db.select().from(schema.orders);`,
  `import * as schema from "#worker/db/schema";\nexport const q = (db: any) => db.select({ s: schema.orderPickups.pickupAt }).from(schema.locations);`,
  `export const q = (db: any, t: any) => db.select().from(t.locations).innerJoin(t.orderSlotDrinks, undefined);`,
  `export const q = (db: any) => db.query.orders.findMany();`,
  "export const q = (env: any) => env.DB.prepare(\"SELECT count(*) FROM orders WHERE status = 'received'\");",
  "export const q = (env: any) => env.DB.prepare(`SELECT * FROM locations JOIN \\`order_items\\` ON 1`);",
];
const WRITES = [
  `import * as schema from "#worker/db/schema";\nexport const w = (db: any) => db.update(schema.orders).set({});`,
  'export const w = (env: any) => env.DB.prepare("INSERT INTO order_events (order_id) VALUES (?)");',
  "export const w = (env: any) => env.DB.prepare(`delete from order_acknowledgements`);",
];

describe("only the orders room reads or writes the order tables", () => {
  it.each([...READS, ...WRITES])("refuses outside it: %s", async (code) => {
    expect(await orderTableProblems(code, "worker/services/shop/example.ts")).not.toEqual([]);
  });

  it("says which: a read is told to ask the orders room, a write to call a transition", async () => {
    expect([...new Set(await orderTableProblems(READS[1]!, "worker/services/staff/example.ts"))]).toEqual([
      "Only worker/services/orders/ reads the order tables (docs/decisions/0012-orders-room.md): ask it, through a function it exports.",
    ]);
    expect(await orderTableProblems(WRITES[1]!, "worker/routes/example.ts")).toEqual([
      "Only worker/services/orders/ writes an order (docs/decisions/0012-orders-room.md): call one of its transitions.",
    ]);
  });

  it.each([...READS, ...WRITES])("allows it in the orders room: %s", async (code) => {
    expect(await orderTableProblems(code, "worker/services/orders/example.ts")).toEqual([]);
  });

  it("lets other rooms read their own tables and answer with a list called orders", async () => {
    const code = `import { locations } from "#worker/db/schema";
export const page = (db: any, orders: string[]) => ({ orders, rows: db.select().from(locations) });
export const message = "Orders come from the orders room, and the shop's answers from the shop";`;
    expect(await orderTableProblems(code, "worker/services/staff/example.ts")).toEqual([]);
  });
});
