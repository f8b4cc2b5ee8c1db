import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

/**
 * drizzle-kit's snapshot (the newest in migrations/meta) is the schema as worker/db/schema/
 * declares it; `npm run db:check` fails when the two differ. Here the other half: the database
 * the migrations really build, hand-written parts included, has exactly the snapshot's tables,
 * columns, indexes and foreign keys.
 */
interface SnapshotTable {
  name: string;
  columns: Record<string, { name: string; type: string; primaryKey: boolean; notNull: boolean }>;
  compositePrimaryKeys: Record<string, { columns: string[] }>;
  indexes: Record<string, { name: string; columns: string[]; isUnique: boolean }>;
  foreignKeys: Record<string, { tableTo: string; columnsFrom: string[]; columnsTo: string[]; onDelete?: string }>;
}
const snapshot = JSON.parse(env.TEST_SCHEMA_SNAPSHOT) as { tables: Record<string, SnapshotTable> };

/** SQLite names no column for an indexed expression (e.g. ifnull("opens", '')); both sides say so. */
const EXPRESSION = "<expression>";

async function rows<T>(sql: string): Promise<T[]> {
  return (await env.DB.prepare(sql).all<T>()).results;
}

const migratedTables = (
  await rows<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
  )
).map((row) => row.name);

describe("the migrations build the schema drizzle-kit knows", () => {
  it("has the same tables", () => {
    expect(migratedTables).toEqual(Object.keys(snapshot.tables).sort());
  });

  describe.each(Object.values(snapshot.tables))("$name", (table) => {
    it("has the same columns, types, primary key and NOT NULLs", async () => {
      const columns = await rows<{ name: string; type: string; notnull: number; pk: number }>(
        `PRAGMA table_info("${table.name}")`,
      );
      const describe = (name: string, type: string, notNull: boolean, primaryKey: boolean) =>
        `${name} ${type.toLowerCase()}${primaryKey ? " primary key" : ""}${notNull ? " not null" : ""}`;
      const keyParts = new Set(Object.values(table.compositePrimaryKeys).flatMap((key) => key.columns));
      expect(
        columns.map((column) => describe(column.name, column.type, column.notnull === 1, column.pk > 0)).sort(),
      ).toEqual(
        Object.values(table.columns)
          .map((column) =>
            describe(column.name, column.type, column.notNull, column.primaryKey || keyParts.has(column.name)),
          )
          .sort(),
      );
    });

    it("has the same indexes", async () => {
      const indexes = await rows<{ name: string; unique: number; origin: string }>(
        `PRAGMA index_list("${table.name}")`,
      );
      const migrated = [];
      for (const index of indexes.filter((entry) => entry.origin === "c")) {
        const columns = await rows<{ name: string | null }>(`PRAGMA index_info("${index.name}")`);
        migrated.push(
          `${index.name}(${columns.map((column) => column.name ?? EXPRESSION).join(", ")})${index.unique ? " unique" : ""}`,
        );
      }
      expect(migrated.sort()).toEqual(
        Object.values(table.indexes)
          .map(
            (index) =>
              `${index.name}(${index.columns.map((column) => (/^\w+$/.test(column) ? column : EXPRESSION)).join(", ")})${index.isUnique ? " unique" : ""}`,
          )
          .sort(),
      );
    });

    it("has the same foreign keys", async () => {
      const keys = await rows<{ id: number; table: string; from: string; to: string; on_delete: string }>(
        `PRAGMA foreign_key_list("${table.name}")`,
      );
      const byId = new Map<number, typeof keys>();
      for (const key of keys) byId.set(key.id, [...(byId.get(key.id) ?? []), key]);
      const migrated = [...byId.values()].map(
        (parts) =>
          `(${parts.map((part) => part.from).join(", ")}) → ${parts[0]!.table}(${parts.map((part) => part.to).join(", ")}) on delete ${parts[0]!.on_delete.toLowerCase()}`,
      );
      expect(migrated.sort()).toEqual(
        Object.values(table.foreignKeys)
          .map(
            (key) =>
              `(${key.columnsFrom.join(", ")}) → ${key.tableTo}(${key.columnsTo.join(", ")}) on delete ${key.onDelete ?? "no action"}`,
          )
          .sort(),
      );
    });
  });
});
