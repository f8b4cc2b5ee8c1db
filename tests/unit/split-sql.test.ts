import { describe, expect, it } from "vitest";
import { splitSql } from "#scripts/lib/split-sql.mjs";

describe("splitting a .sql file into statements (the local database's first start)", () => {
  it("ends a statement at each semicolon and drops comments and empty statements", () => {
    expect(splitSql("-- the menu\nCREATE TABLE a (x);\n\n/* note; here */ INSERT INTO a VALUES (1);;\n")).toEqual([
      "CREATE TABLE a (x)",
      "INSERT INTO a VALUES (1)",
    ]);
  });

  it("keeps semicolons and comment marks inside strings and quoted names", () => {
    expect(splitSql(`INSERT INTO "odd;name" VALUES ('a; b -- c', 'it''s; fine', \`x;y\`, [p;q]);\nSELECT 1`)).toEqual([
      `INSERT INTO "odd;name" VALUES ('a; b -- c', 'it''s; fine', \`x;y\`, [p;q])`,
      "SELECT 1",
    ]);
  });

  it("keeps a trigger's body, semicolons and all, in one statement", () => {
    const sql = [
      "CREATE TRIGGER `bump` AFTER INSERT ON `a`",
      "BEGIN",
      "\tUPDATE v SET n = n + 1;",
      "\tSELECT RAISE(ABORT, 'full; sorry');",
      "END;",
      "--> statement-breakpoint",
      "CREATE TEMP TRIGGER t2 BEFORE DELETE ON a BEGIN SELECT 1; end;",
      "INSERT INTO a VALUES (2);",
    ].join("\n");
    const statements = splitSql(sql);
    expect(statements).toHaveLength(3);
    expect(statements[0]).toMatch(/^CREATE TRIGGER `bump`[\s\S]*RAISE\(ABORT, 'full; sorry'\);\nEND$/);
    expect(statements[1]).toBe("CREATE TEMP TRIGGER t2 BEFORE DELETE ON a BEGIN SELECT 1; end");
    expect(statements[2]).toBe("INSERT INTO a VALUES (2)");
  });
});
