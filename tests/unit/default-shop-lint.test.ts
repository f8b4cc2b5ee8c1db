import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

/**
 * The rule that the shop comes from the request (eslint.config.js, decision record 0026): only
 * worker/services/shop/request-shop.ts imports the default shop's id, however it is spelled.
 */
const { default: config } = (await import(
  /* @vite-ignore */ pathToFileURL(join(process.cwd(), "eslint.config.js")).href
)) as {
  default: { files?: unknown; ignores?: unknown; rules?: Record<string, unknown> }[];
};
const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [
    { files: ["**/*.{ts,tsx}"], languageOptions: { parser: tseslint.parser } },
    // The project's import rules only (their other rules need plugins and the import resolver).
    ...config
      .filter((entry) => entry.rules?.["no-restricted-imports"])
      .map(({ files, ignores, rules }) => ({
        ...(files ? { files } : {}),
        ...(ignores ? { ignores } : {}),
        rules: { "no-restricted-imports": rules!["no-restricted-imports"] },
      })),
  ] as ESLint.Options["overrideConfig"],
});

async function defaultShopProblems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === "no-restricted-imports")
    .map((message) => message.message)
    .filter((message) => message.includes("default shop"));
}

const IMPORTS = [
  `import { DEFAULT_SHOP_ID } from "#worker/services/shop/default-shop";`,
  `import * as shop from "#worker/services/shop/default-shop";`,
  `import { DEFAULT_SHOP_ID as home } from "#worker/services/shop/default-shop.ts";`,
  `export { DEFAULT_SHOP_ID } from "#worker/services/shop/default-shop";`,
  `import { DEFAULT_SHOP_ID } from "./default-shop";`,
];

describe("only request-shop.ts picks the default shop", () => {
  it.each(
    IMPORTS.flatMap((code) =>
      [
        "worker/routes/example.ts",
        "worker/services/shop/example.ts",
        "worker/services/staff/example.ts",
        "common/example.ts",
        "web/features/menu/example.tsx",
      ].map((file) => [file, code]),
    ),
  )("refuses it in %s: %s", async (file, code) => {
    expect(await defaultShopProblems(code, file)).not.toEqual([]);
  });

  it("allows it in request-shop.ts", async () => {
    expect(await defaultShopProblems(IMPORTS[4]!, "worker/services/shop/request-shop.ts")).toEqual([]);
  });

  it("keeps the project's other import rules where it adds its own", async () => {
    const [result] = await eslint.lintText(`import { x } from "../lib/x";`, { filePath: "worker/routes/example.ts" });
    expect(result!.messages.some((message) => message.message.includes("Import through #common/"))).toBe(true);
  });
});
