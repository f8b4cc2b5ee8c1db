// Which seed files the local database gets, in order, for the opening hours in force locally:
// used by scripts/prepare-local-db.mjs (`npm run dev`, db:shop-hours, db:dev-hours) and by the
// worker tests' database (vitest.config.ts), so both seed alike.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** The development seed's hours: open around the clock (the local default). */
export const DEV_HOURS_FILE = join("seed", "dev", "opening-hours.sql");
/** The shop's one-off days, which the all-day development hours leave out. */
export const SHOP_EXCEPTIONS_FILE = join("seed", "opening-hours-exceptions.sql");
/**
 * Where each US ZIP code lies: 42,000 rows, most of a fresh database's seeding time, read only to
 * sort the shops from a typed ZIP code. A database nobody types a ZIP code into goes without.
 */
export const ZIP_CENTROIDS_FILE = join("seed", "zip-centroids.sql");

const sqlFilesIn = (root, dir) =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir))
        .filter((name) => name.endsWith(".sql"))
        .sort()
        .map((name) => join(dir, name))
    : [];

/**
 * The seed as paths relative to `root`: seed/*.sql (production rows), then the development-only
 * seed/dev/*.sql. With the development hours ("dev") the shop's one-off days are left out (a
 * holiday would close the local shop all day); with the shop's own ("shop") the development
 * hours are. `zipCentroids: false` leaves out the ZIP codes' positions (ZIP_CENTROIDS_FILE).
 */
export function seedFiles(root, hours = "dev", { zipCentroids = true } = {}) {
  return [...sqlFilesIn(root, "seed"), ...sqlFilesIn(root, join("seed", "dev"))].filter(
    (file) =>
      (hours === "dev" ? file !== SHOP_EXCEPTIONS_FILE : file !== DEV_HOURS_FILE) &&
      (zipCentroids || file !== ZIP_CENTROIDS_FILE),
  );
}

/**
 * Of a seed file's statements, the DELETEs: for the one-off days, what takes exactly the dates
 * that file writes off again (and no exception written by hand), when the local database goes
 * back to the development hours.
 */
export function deleteStatements(statements) {
  return statements.filter((statement) => /^DELETE\b/i.test(withoutLeadingComments(statement)));
}

function withoutLeadingComments(statement) {
  return statement.replace(/^(\s*--[^\n]*(\n|$))*/, "").trim();
}
