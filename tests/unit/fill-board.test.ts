import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";

// scripts/fill-board.mjs against a stand-in for the local server at its HTTP edge: whatever the
// server answers, the script says it in a sentence and carries on or stops, never with a stack trace.

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function fillBoard(url: string, orders: number, extra: string[] = []): Promise<Run> {
  return run(["--orders", String(orders), "--url", url, ...extra]);
}

function run(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["scripts/fill-board.mjs", ...args], { timeout: 15_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

/** What the stand-in was asked: each request's path and query, and each order's body. */
const heard: { urls: string[]; orders: { locationId?: string; lines: { modifierIds?: string[] }[] }[] } = {
  urls: [],
  orders: [],
};

/** The local server's answers, with POST /api/orders answered by `answerOrder` (the n-th order, from 1). */
function standIn(answerOrder: (n: number) => { status: number; body: unknown }): Promise<Server> {
  let orders = 0;
  heard.urls = [];
  heard.orders = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://stand-in").pathname;
    heard.urls.push(request.url ?? "/");
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "Content-Type": "application/json", ...headers });
      response.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    if (path === "/api/categories") return send(200, [{ id: "cat-shots" }]);
    if (path === "/api/categories/cat-shots/products")
      return send(200, [
        {
          id: "prd-berry-blast",
          pricesBySize: { medium: 699 },
          modifierGroups: [
            {
              id: "grp-milk",
              name: "Milk",
              minSelected: 1,
              maxSelected: 1,
              options: [
                { id: "opt-milk-dairy", name: "Dairy", priceCents: 0, isDefault: true },
                { id: "opt-milk-oat", name: "Oat milk", priceCents: 75, isDefault: false },
              ],
            },
            {
              id: "grp-boost",
              name: "Boosts",
              minSelected: 0,
              maxSelected: 3,
              options: [
                { id: "opt-boost-protein", name: "Protein", priceCents: 100, isDefault: false },
                { id: "opt-boost-chia", name: "Chia seeds", priceCents: 50, isDefault: false },
              ],
            },
          ],
        },
      ]);
    if (path === "/api/store") return send(200, { soldOut: [], acceptingOrders: true, pickupSlots: [] });
    if (path === "/api/auth/google/start") return send(302, "", { Location: "/api/auth/google/dev-consent?state=s" });
    if (path === "/api/auth/google/dev-consent")
      return send(302, "", { Location: "/", "Set-Cookie": "squeeze_session=t; Path=/" });
    if (path === "/api/orders") {
      orders += 1;
      let text = "";
      request.on("data", (chunk: Buffer) => (text += chunk.toString()));
      request.on("end", () => {
        heard.orders.push(JSON.parse(text));
        const { status, body } = answerOrder(orders);
        send(status, body);
      });
      return;
    }
    send(404, { error: { code: "not_found", message: "No such route" } });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const placed = (n: number) => ({
  status: 201,
  body: { order: { id: `${n}0000000-0000-4000-8000-000000000000`, lines: [{}] } },
});
const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

let server: Server | null = null;
afterEach(() => {
  server?.close();
  server = null;
});

describe("scripts/fill-board.mjs", () => {
  it("says each refused order in one line and places the next, until the board has its orders", async () => {
    server = await standIn((n) =>
      n === 1
        ? { status: 409, body: { error: { code: "sold_out", message: "Berry Blast is sold out." } } }
        : n === 3
          ? { status: 429, body: { error: { code: "rate_limited", message: "Too many orders." } } }
          : n === 4
            ? { status: 500, body: "Internal Server Error" }
            : placed(n),
    );
    const run = await fillBoard(urlOf(server), 3);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("was refused (409 sold_out: Berry Blast is sold out.); the next one tries again.");
    expect(run.stdout).toContain("was refused (429 rate_limited: Too many orders.)");
    expect(run.stdout).toContain("was refused (500)");
    expect(run.stdout).toMatch(/Placed 3 orders on http:\/\/127\.0\.0\.1:\d+ \(3 refused on the way\)/);
    expect(run.stdout + run.stderr).not.toMatch(STACK_LINE);
  });

  it("stops when the shop takes no more orders from new accounts, saying how to raise its limit locally", async () => {
    server = await standIn((n) =>
      n === 2
        ? { status: 409, body: { error: { code: "shop_busy", message: "Order at the counter, or call the shop." } } }
        : placed(n),
    );
    const run = await fillBoard(urlOf(server), 5);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("The shop takes no more unpaid orders from new accounts (1 placed).");
    expect(run.stderr).toContain("UPDATE location_pickup_settings SET max_new_account_unpaid_drinks = 1000");
    expect(run.stdout + run.stderr).not.toMatch(STACK_LINE);
  });

  it("answers --help with how to use it, and a mistyped option with a sentence, never a stack trace", async () => {
    const help = await run(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: node scripts/fill-board.mjs [options]");
    expect(help.stdout).toMatch(/--location ID\s+the shop they are placed at/);
    expect((await run(["-h"])).stdout).toContain("Usage:");
    const wrong = await run(["--shop", "loc-fullerton"]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/Unknown option '--shop'/);
    expect(wrong.stderr).toContain("Usage:");
    for (const answer of [help, wrong]) expect(answer.stdout + answer.stderr).not.toMatch(STACK_LINE);
  });

  it("places its orders at the shop named by --location, each with a drink carrying add-ons", async () => {
    server = await standIn(placed);
    const answer = await fillBoard(urlOf(server), 3, ["--location", "loc-fullerton"]);
    expect(answer.code, answer.stderr).toBe(0);
    expect(answer.stdout).toMatch(/Placed 3 orders at loc-fullerton on /);
    // The shop's menu, prices and state are asked of that shop, and each order names it.
    const reads = heard.urls.filter((url) => url.startsWith("/api/categories") || url.startsWith("/api/store"));
    expect(reads.length).toBeGreaterThan(0);
    for (const url of reads) expect(url).toContain("location=loc-fullerton");
    expect(heard.orders).toHaveLength(3);
    for (const order of heard.orders) {
      expect(order.locationId).toBe("loc-fullerton");
      // The milk is required: one of the two, on every smoothie; boosts only as add-ons.
      const ids = order.lines[0]!.modifierIds!;
      expect(ids.filter((id) => id.startsWith("opt-milk-"))).toHaveLength(1);
    }
  });

  it("stops with a sentence when the server refuses everything", async () => {
    server = await standIn(() => ({
      status: 503,
      body: { error: { code: "paused", message: "Ordering is paused." } },
    }));
    const run = await fillBoard(urlOf(server), 2);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Placed 0 of 2 orders .*: the server kept refusing them\./);
    expect(run.stdout + run.stderr).not.toMatch(STACK_LINE);
  });

  it("says so when no server answers", async () => {
    const run = await fillBoard("http://127.0.0.1:9", 2);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^Could not fill the board on http:\/\/127\.0\.0\.1:9: fetch failed( \(\w+\))?\. Is `npm run dev` running there\?/,
    );
    expect(run.stdout + run.stderr).not.toMatch(STACK_LINE);
  });
});
