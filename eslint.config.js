// @ts-check
/**
 * `npm run lint` = this (ESLint) + `prettier --check`. Besides the usual TypeScript and React-hooks
 * rules it enforces the direction of imports (docs/decisions/0010-import-boundaries.md):
 *
 *   common/  ← worker/        common/ imports nothing of worker/ or web/
 *   common/  ← web/           web/ never imports worker/
 *   web/lib, web/components, web/config  ←  web/features/<name>  ←  web/app
 *                             a feature imports no other feature; shared code imports no feature
 *                             and not the app; the app wires features together
 *   worker/lib, worker/db  ←  worker/services  ←  worker/routes  ←  worker/app.ts
 *                             a route imports no other route; services import no route
 */
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import prettier from "eslint-config-prettier/flat";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

const features = readdirSync("web/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** import-x/no-restricted-paths zones: `target` may not import from `from` (paths from the repository root). */
const boundaries = [
  {
    target: "./common",
    from: ["./worker", "./web"],
    message: "common/ is shared by the worker and the SPA: it imports neither.",
  },
  {
    target: "./web",
    from: "./worker",
    message: "The SPA never imports the worker: share it through common/.",
  },
  ...features.map((feature) => ({
    target: `./web/features/${feature}`,
    from: "./web/features",
    except: [`./${feature}`],
    message:
      "Features do not import each other: move what they share to web/components/ or web/lib/, or wire them in web/app/.",
  })),
  {
    target: ["./web/components", "./web/lib", "./web/config", "./web/styles"],
    from: ["./web/features", "./web/app"],
    message: "Shared web code imports no feature and not the app: take what it shows as props.",
  },
  {
    target: "./web/features",
    from: "./web/app",
    message: "Features do not import the app; the app imports them.",
  },
  {
    target: "./worker/routes",
    from: "./worker/routes",
    message: "Routes do not import routes: move what they share to worker/services/ or worker/lib/.",
  },
  {
    target: ["./worker/services", "./worker/lib", "./worker/db", "./worker/emails"],
    from: ["./worker/routes", "./worker/app.ts", "./worker/index.ts"],
    message: "Only worker/app.ts mounts routes; services, lib and db never import them.",
  },
];

export default defineConfig(
  globalIgnores(["dist/", "artifacts/", "test-results/", ".wrangler/", "public/", "migrations/", "seed/"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "import-x": importX },
    settings: {
      // TypeScript files are modules too, for following imports (no-cycle reads the imported files).
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["tsconfig.worker.json", "tsconfig.web.json", "tsconfig.node.json"],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: boundaries }],
      // Aliases (#common/*, #web/*, #worker/*) instead of climbing out of a folder with ../
      "no-restricted-imports": [
        "error",
        // (files read as text, `?raw`, such as the seed or public/_headers, are data, not modules)
        {
          patterns: [
            { regex: "^\\.\\./(?!.*\\?raw$)", message: "Import through #common/, #web/ or #worker/ instead of ../" },
          ],
        },
      ],
      "import-x/no-cycle": "error",
      "import-x/no-self-import": "error",
      // A timer declared before the callbacks that clear it and started after them stays `let`.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // The rules of hooks. The React Compiler's rules (refs, set-state-in-effect, …) are not on:
    // the app is not compiled by it, and what they flag here is deliberate (see the decision record).
    files: ["web/**/*.{ts,tsx}", "tests/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // Playwright reads a test's fixtures from its first parameter's pattern, even an empty one.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  prettier,
);
