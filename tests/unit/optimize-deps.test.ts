import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(__dirname, "..", "..");
const { client: CLIENT_DEPENDENCIES, worker: WORKER_DEPENDENCIES } = JSON.parse(
  readFileSync(join(root, "scripts", "lib", "optimize-deps.json"), "utf8"),
) as { client: string[]; worker: string[] };

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The packages a file imports at run time: value imports, re-exports and dynamic imports (not `import type`). */
function packagesImportedBy(file: string): string[] {
  const source = readFileSync(join(root, file), "utf8");
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+["']([^"']+)["']/gms),
    ...source.matchAll(/^\s*import\s+["']([^"']+)["']/gm),
    ...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((match) => match[1]!);
  return specifiers.filter(
    (specifier) =>
      !specifier.startsWith(".") &&
      !specifier.startsWith("#") &&
      !/^(node|cloudflare):/.test(specifier) &&
      !specifier.endsWith(".json"),
  );
}

function packagesOf(dirs: string[], except: (file: string) => boolean = () => false): string[] {
  return [
    ...new Set(
      dirs
        .flatMap(sourceFiles)
        .filter((file) => !except(file))
        .flatMap(packagesImportedBy),
    ),
  ].sort();
}

describe("Vite optimises every package the app imports before the first visit", () => {
  it("finds the imports it checks (the check itself works)", () => {
    expect(packagesOf(["web"])).toContain("react-router");
    expect(packagesOf(["worker"])).toContain("hono");
    expect(packagesImportedBy("worker/routes/orders.ts")).toEqual(expect.arrayContaining(["hono", "zod"]));
  });

  it("the client environment lists every package web/ and common/ import", () => {
    // The prerender modules run in the worker and at build time, never in the browser. The service
    // worker is browser code too: `npm run dev` serves it as a module, through the same optimiser.
    const browserCode = packagesOf(["web", "common"], (file) => /web[\\/]prerender-/.test(file));
    expect(browserCode.filter((name) => !CLIENT_DEPENDENCIES.includes(name))).toEqual([]);
  });

  it("the worker environment lists every package worker/, common/ and the prerendered pages import", () => {
    const workerCode = packagesOf(["worker", "common"]);
    const prerendered = packagesImportedBy("web/prerender-catalog.tsx");
    expect([...workerCode, ...prerendered].filter((name) => !WORKER_DEPENDENCIES.includes(name))).toEqual([]);
  });
});
