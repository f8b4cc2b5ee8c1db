// @ts-check
/**
 * `npm run lint` = this (ESLint) + `prettier --check`. Besides the usual TypeScript and React-hooks
 * rules it enforces the direction of imports (docs/decisions/0010-import-boundaries.md):
 *
 *   common/  ← worker/        common/ imports nothing of worker/ or web/
 *   common/  ← web/           web/ never imports worker/
 *   web/lib, web/components, web/config  ←  web/shared-features/<name>  ←  web/features/<name>  ←  web/app
 *                             a feature imports no other feature; a shared feature (the shop picker,
 *                             the shop's status, Ready notifications…) imports no feature and not the
 *                             app; web/lib, web/components and web/config import neither; the app
 *                             wires features together
 *   worker/lib, worker/db  ←  worker/services  ←  worker/routes  ←  worker/app.ts
 *                             a route imports no other route; services import no route; lib imports
 *                             no service
 *   worker/services/orders  ←  worker/services/payments   payments import orders, never the reverse
 *                             (both call Stripe through worker/services/stripe-api.ts)
 *   worker/live               carries messages: it imports no service and nothing of the database
 *   worker/services/shop      the shop's own facts (which shop a request is for, its state, hours,
 *                             menu and prices, the directory): read by orders and staff, imports
 *                             neither
 *   worker/services/availability  the shop's answers (GET /api/store, /api/pickup-days): the shop's
 *                             state with the orders room's queue and slots; orders never import it
 *
 * and who writes or reads an order (docs/decisions/0012-orders-room.md): only worker/services/orders/
 * (and worker/db/, which declares them) touches the tables orders, order_items, order_item_options,
 * order_pickups, order_slot_drinks, order_events and order_acknowledgements, by their drizzle names
 * (`orders`, `schema.orders`) or in SQL; every other room asks the orders room. No import cycle,
 * type-only imports included (scripts/lint/no-cycle-with-types.mjs), and no circle between the
 * worker's rooms through any number of files (scripts/lint/no-room-cycle.mjs).
 *
 * The shop a request is for comes from the request: only worker/services/shop/request-shop.ts
 * imports the default shop's id (worker/services/shop/default-shop.ts).
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
import { noCycleWithTypes } from "./scripts/lint/no-cycle-with-types.mjs";
import { noRoomCycle } from "./scripts/lint/no-room-cycle.mjs";

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
      "Features do not import each other: move what they share to web/shared-features/ (with its API calls), web/components/ or web/lib/, or wire them in web/app/.",
  })),
  {
    target: "./web/shared-features",
    from: ["./web/features", "./web/app"],
    message: "A shared feature imports no feature and not the app: features import it.",
  },
  {
    target: ["./web/components", "./web/lib", "./web/config", "./web/styles"],
    from: ["./web/features", "./web/shared-features", "./web/app"],
    message: "Shared web code imports no feature, no shared feature and not the app: take what it shows as props.",
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
    target: "./worker/live",
    from: ["./worker/services", "./worker/db", "./worker/routes"],
    message: "worker/live carries messages and knows nothing of orders or the database: the orders room writes them.",
  },
  {
    // worker/env.ts names the channel's class, so anything the class imported back from the
    // worker would close a cycle (import-x/no-cycle does not follow type-only imports).
    target: "./worker/live/location-channel.ts",
    from: "./worker",
    except: ["./live/location-channel.ts"],
    message: "The Durable Object imports nothing of the worker: worker/env.ts imports it.",
  },
  {
    target: "./worker/services/shop",
    from: [
      "./worker/services/orders",
      "./worker/services/staff",
      "./worker/services/payments",
      "./worker/services/availability",
    ],
    message:
      "The shop's own facts are read by orders and staff; the shop imports neither (the queue comes in as a QueueQuery).",
  },
  {
    target: "./worker/services/orders",
    from: "./worker/services/availability",
    message: "The shop's answers (worker/services/availability/) are made from the orders room, not the reverse.",
  },
  {
    target: "./worker/services/orders",
    from: "./worker/services/payments",
    message:
      "Payments depend on orders, not the other way: the orders room calls Stripe through worker/services/stripe-api.ts.",
  },
  {
    target: "./worker/lib",
    from: ["./worker/services", "./worker/emails", "./worker/live"],
    message: "worker/lib is the plumbing under the services: it imports none of them.",
  },
  {
    target: ["./worker/services", "./worker/lib", "./worker/db", "./worker/emails"],
    from: ["./worker/routes", "./worker/app.ts", "./worker/index.ts"],
    message: "Only worker/app.ts mounts routes; services, lib and db never import them.",
  },
];

/** The order's tables, by their drizzle names and their SQL names. */
const ORDER_TABLES = [
  "orders",
  "orderItems",
  "orderItemOptions",
  "orderPickups",
  "orderSlotDrinks",
  "orderEvents",
  "orderAcknowledgements",
  "orderDiscounts",
  "orderDiscountLines",
];
const ORDER_TABLES_SQL = [
  "orders",
  "order_items",
  "order_item_options",
  "order_pickups",
  "order_slot_drinks",
  "order_events",
  "order_acknowledgements",
  "order_discounts",
  "order_discount_lines",
];
const onlyTheOrdersRoomWrites =
  "Only worker/services/orders/ writes an order (docs/decisions/0012-orders-room.md): call one of its transitions.";
const onlyTheOrdersRoomReads =
  "Only worker/services/orders/ reads the order tables (docs/decisions/0012-orders-room.md): ask it, through a function it exports.";
const tableNames = `/^(${ORDER_TABLES.join("|")})$/`;
const sqlNames = `(${ORDER_TABLES_SQL.join("|")})`;
/** An order table as an expression: `orders`, or `schema.orders` (any object's member of that name). */
const orderTable = (call) => [
  `${call} > Identifier.arguments[name=${tableNames}]`,
  `${call} > MemberExpression[property.name=${tableNames}]`,
];
const orderTableAccess = [
  {
    // db.insert(orders), db.update(schema.orderItems), db.delete(orderEvents), tx.insert(...)…
    selector: orderTable("CallExpression[callee.property.name=/^(insert|update|delete)$/]").join(", "),
    message: onlyTheOrdersRoomWrites,
  },
  {
    // insertRows(db, orderItems, rows) (worker/db/batch.ts)
    selector: orderTable(`CallExpression[callee.name="insertRows"]`).join(", "),
    message: onlyTheOrdersRoomWrites,
  },
  {
    // Hand-written SQL: INSERT INTO orders, UPDATE order_items, DELETE FROM order_events…
    selector: [
      `TemplateElement[value.raw=/(insert\\s+(or\\s+\\w+\\s+)?into|update|delete\\s+from)\\s+\\W{0,2}${sqlNames}\\b/i]`,
      `Literal[value=/(insert\\s+(or\\s+\\w+\\s+)?into|update|delete\\s+from)\\s+\\W{0,2}${sqlNames}\\b/i]`,
    ].join(", "),
    message: onlyTheOrdersRoomWrites,
  },
  {
    // db.select().from(orders), .innerJoin(schema.orderItems, …), db.query.orders.findMany(…)
    selector: [
      ...orderTable(
        "CallExpression[callee.property.name=/^(from|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|join)$/]",
      ),
      `MemberExpression[object.property.name="query"][property.name=${tableNames}]`,
    ].join(", "),
    message: onlyTheOrdersRoomReads,
  },
  {
    // Any use of an order table's columns or the table itself: orders.status, schema.orders.id,
    // sql`${orderPickups.pickupAt}`, and importing it at all.
    selector: [
      `MemberExpression[object.type="Identifier"][object.name=${tableNames}]`,
      `MemberExpression[object.type="MemberExpression"][object.property.name=${tableNames}]`,
      `MemberExpression[object.name=/^schema$/i][property.name=${tableNames}]`,
      `ImportDeclaration[source.value=/db\\/schema/] > ImportSpecifier[imported.name=${tableNames}]`,
    ].join(", "),
    message: onlyTheOrdersRoomReads,
  },
  {
    // Hand-written SQL: SELECT … FROM orders, JOIN order_items…
    selector: [
      `TemplateElement[value.raw=/\\b(from|join)\\s+\\W{0,2}${sqlNames}\\b/i]`,
      `Literal[value=/\\b(from|join)\\s+\\W{0,2}${sqlNames}\\b/i]`,
    ].join(", "),
    message: onlyTheOrdersRoomReads,
  },
];

/** no-restricted-imports everywhere; the app's files add the default shop's rule below. */
const restrictedImports = {
  // Aliases (#common/*, #web/*, #worker/*, #tests/shared/*) instead of climbing out of a folder with ../
  // (files read as text, `?raw`, such as the seed or public/_headers, are data, not modules)
  patterns: [
    {
      regex: "^\\.\\./(?!.*\\?raw$)",
      message: "Import through #common/, #web/, #worker/ or #tests/shared/ instead of ../",
    },
  ],
  paths: [
    {
      name: "react-router",
      importNames: ["Link", "NavLink"],
      message:
        "Use Link and NavLink from #web/components/link: React Router's bring its route prefetching into every first visit.",
    },
  ],
};

/**
 * The shop comes from the request, never from a constant: only request-shop.ts, the one place
 * that picks the default shop for a request that names none, imports it. (Tests may: they check
 * what the default is.)
 */
const ONLY_THE_REQUEST_PICKS_THE_DEFAULT_SHOP = {
  regex: "(^|/)default-shop(\\.ts)?$",
  message:
    "The shop comes from the request: use requestedShopId / pageShopId (worker/services/shop/request-shop.ts), never the default shop's id.",
};
const DEFAULT_SHOP_READERS = ["worker/services/shop/request-shop.ts"];

export default defineConfig(
  globalIgnores(["dist/", "artifacts/", "test-results/", ".wrangler/", "public/", "migrations/", "seed/"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: {
      "import-x": importX,
      squeeze: { rules: { "no-cycle-with-types": noCycleWithTypes, "no-room-cycle": noRoomCycle } },
    },
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
      "no-restricted-imports": ["error", restrictedImports],
      "import-x/no-cycle": "error",
      // …and the cycles it does not follow, through type-only imports (scripts/lint/no-cycle-with-types.mjs).
      "squeeze/no-cycle-with-types": "error",
      // …and no circle between the worker's rooms, through any number of files (scripts/lint/no-room-cycle.mjs).
      "squeeze/no-room-cycle": "error",
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
    files: ["worker/**/*.ts", "common/**/*.ts", "web/**/*.{ts,tsx}", "scripts/**/*.{js,mjs,ts}"],
    ignores: DEFAULT_SHOP_READERS,
    rules: {
      "no-restricted-imports": [
        "error",
        { ...restrictedImports, patterns: [...restrictedImports.patterns, ONLY_THE_REQUEST_PICKS_THE_DEFAULT_SHOP] },
      ],
    },
  },
  {
    files: ["worker/**/*.ts"],
    ignores: ["worker/services/orders/**", "worker/db/**"],
    rules: { "no-restricted-syntax": ["error", ...orderTableAccess] },
  },
  {
    // A page is made of named components and hooks (docs/decisions/0044-pages-made-of-hooks.md):
    // no function in a feature (shared ones too) runs past 150 lines, its nested functions and JSX included.
    files: ["web/features/**/*.{ts,tsx}", "web/shared-features/**/*.{ts,tsx}"],
    rules: { "max-lines-per-function": ["error", { max: 150, IIFEs: true }] },
  },
  {
    // Playwright reads a test's fixtures from its first parameter's pattern, even an empty one.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  prettier,
);
