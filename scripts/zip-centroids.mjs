#!/usr/bin/env node
// `npm run seed:zip-centroids`: writes seed/zip-centroids.sql, where each US ZIP code lies, from
// the `zipcodes` package's data (a development dependency: the worker reads the table in D1 and
// never carries the package). Run it after updating `zipcodes`; the file is committed.
// Why this package and this table: docs/decisions/0026-finding-and-remembering-a-shop.md.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const require = createRequire(import.meta.url);
const { codes } = require("zipcodes/lib/codes.js");
const { version } = require("zipcodes/package.json");

/** Rows per INSERT: keeps each statement far below D1's 100 KB statement limit (literals, no binds). */
const ROWS_PER_STATEMENT = 1000;
/** Four decimals of a degree is about 11 m, finer than a ZIP code's centroid means anything. */
const degrees = (value) => Number(value.toFixed(4));

const rows = Object.values(codes)
  .filter(
    (entry) =>
      entry.country === "US" &&
      /^\d{5}$/.test(entry.zip) &&
      Number.isFinite(entry.latitude) &&
      Number.isFinite(entry.longitude) &&
      Math.abs(entry.latitude) <= 90 &&
      Math.abs(entry.longitude) <= 180,
  )
  .sort((a, b) => a.zip.localeCompare(b.zip))
  .map((entry) => `('${entry.zip}',${degrees(entry.latitude)},${degrees(entry.longitude)})`);

const statements = [];
for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
  statements.push(
    "INSERT INTO zip_centroids (zip, latitude, longitude) VALUES\n" +
      rows.slice(start, start + ROWS_PER_STATEMENT).join(",\n") +
      "\nON CONFLICT (zip) DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude;",
  );
}

const header = `-- Where each US ZIP code lies (its centroid, degrees), for sorting shops by distance from a typed
-- ZIP code without asking a geocoding service. Written by \`npm run seed:zip-centroids\` from the
-- zipcodes package ${version} (BSD licence); do not edit by hand. ${rows.length} ZIP codes.
-- Re-apply with: npx wrangler d1 execute DB --remote --file seed/zip-centroids.sql
`;
const file = join(root, "seed", "zip-centroids.sql");
writeFileSync(file, `${header}\n${statements.join("\n\n")}\n`);
console.log(`Wrote ${rows.length} ZIP codes in ${statements.length} statements to seed/zip-centroids.sql`);
