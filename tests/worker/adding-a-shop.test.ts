import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import ownersGuide from "../../docs/owners-guide.md?raw";
import type { Product } from "#common/catalog";
import type { LocationsResponse } from "#common/locations";
import type { NumbersResponse } from "#common/numbers";
import type { CreateOrderResponse } from "#common/orders";
import type { StaffOrdersResponse } from "#common/staff-orders";
import { api, json } from "./helpers";
import { seedStatements } from "./seed-sql";
import { createSignedInUser } from "./sign-in";
import { jsonPost, PHONE } from "./store-helpers";

// The owner's guide's "Adding a shop", followed as the owner would on their machine: each step's SQL added
// to the file it names, then that step's local command, on the database `npm run dev` makes.

/** Every seed file as the repository has it, by its path ("seed/locations.sql"). */
const SEED_FILES = Object.fromEntries(
  Object.entries(import.meta.glob<string>("../../seed/**/*.sql", { query: "?raw", import: "default", eager: true }))
    .filter(([path]) => !path.endsWith("zip-centroids.sql"))
    .map(([path, text]) => [path.replace("../../", ""), text]),
);

const guide = (() => {
  const start = ownersGuide.indexOf("### Adding a shop");
  if (start < 0) throw new Error('docs/owners-guide.md: no "### Adding a shop"');
  // Up to the next section of the guide, whatever its level.
  const end = ownersGuide.slice(start + 1).search(/\n#{2,3} /);
  return ownersGuide.slice(start, end < 0 ? undefined : start + 1 + end);
})();

/** The guide's ```sql blocks, each named by its first line ("-- seed/locations.sql"), dedented. */
function additions(): Map<string, string> {
  const byFile = new Map<string, string>();
  for (const match of guide.matchAll(/^( *)```sql\n([\s\S]*?)^ *```/gm)) {
    const indent = match[1]!.length;
    const text = match[2]!
      .split("\n")
      .map((line) => line.slice(indent))
      .join("\n");
    const file = /^-- (seed\/\S+\.sql)/.exec(text)?.[1];
    if (!file) throw new Error(`docs/owners-guide.md: a block of "Adding a shop" names no seed file:\n${text}`);
    byFile.set(file, `${byFile.get(file) ?? ""}\n${text}`);
  }
  return byFile;
}

/** The guide's local commands, in order: `wrangler d1 execute --local --file <file>` or `npm run db:dev-hours`. */
function localCommands(): string[] {
  return [...guide.matchAll(/^ *(npx wrangler d1 execute DB --local --file \S+|npm run db:dev-hours)\s+# local/gm)].map(
    (match) => match[1]!,
  );
}

async function apply(sqlText: string) {
  await env.DB.batch(seedStatements(sqlText).map((statement) => env.DB.prepare(statement)));
}

/** What `npm run db:dev-hours` applies once the seed changed (scripts/lib/seed-files.mjs): seed/*.sql, then seed/dev/*.sql, without the one-off days. */
function devHoursFiles(): string[] {
  const paths = Object.keys(SEED_FILES).sort();
  return [
    ...paths.filter((path) => !path.startsWith("seed/dev/")),
    ...paths.filter((path) => path.startsWith("seed/dev/")),
  ].filter((path) => path !== "seed/opening-hours-exceptions.sql");
}

const IRVINE = "loc-irvine";

describe("the owner's guide: adding a shop, locally, step by step", () => {
  it("gives every step a local and a production command, and names every seed file a shop uses", () => {
    const blocks = additions();
    for (const file of [
      "seed/locations.sql",
      "seed/shop-menu.sql",
      "seed/opening-hours.sql",
      "seed/opening-hours-exceptions.sql",
      "seed/order-board.sql",
      "seed/staff.sql",
      "seed/dev/staff.sql",
    ])
      expect(blocks.has(file), file).toBe(true);
    const commands = localCommands();
    for (const file of blocks.keys()) {
      if (file === "seed/opening-hours.sql" || file === "seed/opening-hours-exceptions.sql") continue;
      expect(commands, file).toContain(`npx wrangler d1 execute DB --local --file ${file}`);
      if (!file.startsWith("seed/dev/"))
        expect(guide, file).toContain(`npx wrangler d1 execute DB --remote --file ${file}`);
    }
    expect(commands).toContain("npm run db:dev-hours");
    expect(guide).toContain("npx wrangler d1 execute DB --remote --file seed/opening-hours.sql");
    expect(guide).toContain("npx wrangler d1 execute DB --remote --file seed/opening-hours-exceptions.sql");
  });

  it("opens the new shop with its menu, its board and its numbers", async () => {
    const blocks = additions();
    const edited = (file: string) => `${SEED_FILES[file] ?? ""}\n${blocks.get(file) ?? ""}`;
    for (const command of localCommands()) {
      if (command === "npm run db:dev-hours") {
        for (const file of devHoursFiles()) await apply(edited(file));
      } else {
        await apply(edited(command.split(" ").at(-1)!));
      }
    }

    // It is listed, open around the clock like every local shop, and delivers: from the next minute
    // on, since the list is kept for the minute (directory-cache.ts), and another file of this
    // workerd may have asked for it in this one.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 60_000);
    const listed = await api("/api/locations");
    vi.useRealTimers();
    const { locations } = await json<LocationsResponse>(listed);
    const irvine = locations.find((shop) => shop.id === IRVINE);
    expect(irvine).toMatchObject({ name: "Squeeze Irvine", slug: "irvine", openNow: true, offersDelivery: true });
    expect(locations.filter((shop) => shop.openNow).map((shop) => shop.id)).toEqual(locations.map((shop) => shop.id));

    // Its menu: its own price, and no drink it does not sell.
    const sunrise = await json<Product>(
      await api(`/api/categories/cat-fresh-juices/products/prd-sunrise-orange?location=${IRVINE}`),
    );
    expect(sunrise.pricesBySize.medium).toEqual({ priceCents: 729, discountedPriceCents: null });
    const smoothies = await json<Product[]>(await api(`/api/categories/cat-smoothies/products?location=${IRVINE}`));
    expect(smoothies.map((drink) => drink.id)).not.toContain("prd-peanut-power");

    // An order there reaches its board, which its development barista sees.
    const shopper = await createSignedInUser();
    const placed = await jsonPost("/api/orders", shopper.cookie, {
      locationId: IRVINE,
      phone: PHONE,
      lines: [{ productId: "prd-sunrise-orange", size: "medium", quantity: 1, note: "" }],
    });
    expect(placed.status).toBe(201);
    const { order } = await json<CreateOrderResponse>(placed);
    const barista = await createSignedInUser({ username: "Irvine Barista", email: "barista.irvine@example.com" });
    const board = await api("/api/staff/orders", { headers: { Cookie: barista.cookie } });
    expect(board.status).toBe(200);
    expect((await json<StaffOrdersResponse>(board)).orders.map((entry) => entry.id)).toContain(order.id);

    // And its numbers, for the owner.
    const owner = await createSignedInUser({ username: "Olive Owner", email: "owner@example.com" });
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Los_Angeles" });
    const numbers = await api(`/api/staff/numbers?from=${today}&to=${today}&location=${IRVINE}`, {
      headers: { Cookie: owner.cookie },
    });
    expect(numbers.status).toBe(200);
    const figures = await json<NumbersResponse>(numbers);
    expect(figures.locations.map((shop) => shop.id)).toEqual([IRVINE]);
    expect(figures.totals.orders).toBe(1);
  });
});
