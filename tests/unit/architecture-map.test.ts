import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = process.cwd();
const map = readFileSync(join(root, "docs", "architecture.md"), "utf8");
/** The map names files from the repository's root, or short from the folders its rows speak of. */
const BASES = ["", "worker/services", "worker", "web", "common", "docs"];

/** Every `code span` of the map that names a file or a folder. */
function namedPaths(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!);
  return spans.filter((span) => /^[\w.-]+(\/[\w.-]+)*(\.(ts|tsx|mjs|sql|md|json|toml)|\/)$/.test(span));
}

/** Every decision record the map cites, as "docs/decisions/00NN…". */
function citedRecords(text: string): string[] {
  return [...text.matchAll(/docs\/decisions\/(\d{4})[\w.-]*/g)].map((match) => match[1]!);
}

describe("docs/architecture.md names only what exists", () => {
  const records = readdirSync(join(root, "docs", "decisions"));

  it.each(namedPaths(map))("%s exists", (path) => {
    const found = BASES.some((base) => existsSync(join(root, base, path)));
    expect(found, `${path} is named by the map but is not in ${BASES.map((base) => base || ".").join(", ")}`).toBe(
      true,
    );
  });

  it.each(citedRecords(map))("decision record %s exists", (number) => {
    expect(records.some((name) => name.startsWith(`${number}-`))).toBe(true);
  });

  it("names files at all (the patterns still match the map)", () => {
    expect(namedPaths(map).length).toBeGreaterThan(40);
    expect(citedRecords(map).length).toBeGreaterThan(3);
  });
});
