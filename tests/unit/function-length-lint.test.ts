import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

/**
 * Pages made of hooks (eslint.config.js, decision record 0044): no function in a feature or a
 * shared feature runs past 150 lines; shared building blocks elsewhere are not held to it.
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
    // The project's function-length rule only (the other rules need plugins and the import resolver).
    ...config
      .filter((entry) => entry.rules?.["max-lines-per-function"])
      .map(({ files, ignores, rules }) => ({
        ...(files ? { files } : {}),
        ...(ignores ? { ignores } : {}),
        rules: { "max-lines-per-function": rules!["max-lines-per-function"] },
      })),
  ] as ESLint.Options["overrideConfig"],
});

/** A component of `lines` lines, its braces included. */
function componentOf(lines: number): string {
  const body = Array.from({ length: lines - 2 }, (_, index) => `  const line${index} = ${index};`);
  return ["export function Page() {", ...body, "}", ""].join("\n");
}

async function tooLong(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === "max-lines-per-function").map((m) => m.message);
}

describe("no function in a feature runs past 150 lines", () => {
  it.each(["web/features/menu/menu-page.ts", "web/shared-features/shop-picker/shop-list.ts"])(
    "refuses 151 lines in %s, and takes 150",
    async (filePath) => {
      expect(await tooLong(componentOf(151), filePath)).toEqual([
        "Function 'Page' has too many lines (151). Maximum allowed is 150.",
      ]);
      expect(await tooLong(componentOf(150), filePath)).toEqual([]);
    },
  );

  it("leaves the building blocks outside the features alone", async () => {
    expect(await tooLong(componentOf(151), "web/components/dialog/dialog.ts")).toEqual([]);
  });
});
