import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  deleteStatements,
  DEV_HOURS_FILE,
  seedFiles,
  SHOP_EXCEPTIONS_FILE,
  ZIP_CENTROIDS_FILE,
} from "#scripts/lib/seed-files.mjs";
import { splitSql } from "#scripts/lib/split-sql.mjs";

// What the local database (`npm run dev`, db:shop-hours, db:dev-hours) and the worker tests are seeded with.

describe("the local seed", () => {
  it("with the development hours: every seed file but the shop's one-off days, the development ones last", () => {
    const files = seedFiles(".", "dev");
    expect(files).toContain(join("seed", "opening-hours.sql"));
    expect(files).not.toContain(SHOP_EXCEPTIONS_FILE);
    expect(files.at(-1)).toBe(join("seed", "dev", "staff.sql"));
    expect(files.indexOf(DEV_HOURS_FILE)).toBeGreaterThan(files.indexOf(join("seed", "opening-hours.sql")));
  });

  it("with the shop's own hours: its week and its one-off days, not the all-day hours", () => {
    const files = seedFiles(".", "shop");
    expect(files).toContain(join("seed", "opening-hours.sql"));
    expect(files).toContain(SHOP_EXCEPTIONS_FILE);
    expect(files).not.toContain(DEV_HOURS_FILE);
  });

  it("has the ZIP codes' positions unless asked to go without, and then lacks only those", () => {
    for (const hours of ["dev", "shop"] as const) {
      const all = seedFiles(".", hours);
      expect(all).toContain(ZIP_CENTROIDS_FILE);
      expect(seedFiles(".", hours, { zipCentroids: false })).toEqual(all.filter((file) => file !== ZIP_CENTROIDS_FILE));
    }
  });

  it("never deletes an exception when re-applied, in either mode, but through the one-off days' own dates", () => {
    for (const hours of ["dev", "shop"] as const) {
      for (const file of seedFiles(".", hours)) {
        const deletes = deleteStatements(splitSql(readFileSync(file, "utf8"))).filter((sql) =>
          /location_hours_exceptions/i.test(sql),
        );
        if (file === SHOP_EXCEPTIONS_FILE)
          for (const sql of deletes) expect(sql).toMatch(/AND date = '\d{4}-\d\d-\d\d'/);
        else expect(deletes, file).toEqual([]);
      }
    }
  });

  it("going back to the development hours takes off exactly the dates the one-off days' file writes", () => {
    const statements = splitSql(readFileSync(SHOP_EXCEPTIONS_FILE, "utf8"));
    const deletes = deleteStatements(statements);
    const inserted = [
      ...readFileSync(SHOP_EXCEPTIONS_FILE, "utf8").matchAll(/\('loc-anaheim', '(\d{4}-\d\d-\d\d)'/g),
    ].map((match) => match[1]);
    expect(deletes.map((sql) => /date = '([\d-]+)'/.exec(sql)?.[1])).toEqual([...new Set(inserted)]);
    expect(deletes.length).toBe(statements.filter((sql) => /^\s*(--.*\n\s*)*INSERT/i.test(sql)).length);
  });
});
