import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "#worker/app";
import type { Env } from "#worker/env";
import { CART, ORIGIN } from "./staff-fixtures";
import { createBarista, createSignedInUser } from "./sign-in";

/**
 * What placing an order and loading the board cost in D1: round trips (a batch is one) and the
 * statements they carry. The ceilings are today's figures: a change that reads more fails here.
 */
interface D1Cost {
  roundTrips: number;
  statements: number;
}

function countingDb(db: D1Database, cost: D1Cost): D1Database {
  const countedStatement = (statement: D1PreparedStatement): D1PreparedStatement => {
    const counted = new Proxy(statement, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        if (property === "bind") {
          return (...values: unknown[]) => countedStatement(value.apply(target, values) as D1PreparedStatement);
        }
        if (["all", "run", "first", "raw"].includes(property as string)) {
          return (...args: unknown[]) => {
            cost.roundTrips += 1;
            cost.statements += 1;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
    originals.set(counted, statement);
    return counted;
  };
  return new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === "prepare") return (sql: string) => countedStatement(target.prepare(sql));
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          cost.roundTrips += 1;
          cost.statements += statements.length;
          // The real statements, not their proxies: D1 checks what it is given.
          return target.batch(statements.map((statement) => unwrap(statement)));
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const originals = new WeakMap<object, D1PreparedStatement>();
function unwrap(statement: D1PreparedStatement): D1PreparedStatement {
  return originals.get(statement) ?? statement;
}

/** One request through the app with a counting D1, its after-response work included. */
async function costOf(request: Request): Promise<{ response: Response; cost: D1Cost }> {
  const cost: D1Cost = { roundTrips: 0, statements: 0 };
  const ctx = createExecutionContext();
  const countedEnv: Env = { ...(env as Env), DB: countingDb(env.DB, cost) };
  const response = await app.fetch(request, countedEnv, ctx);
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return { response, cost };
}

describe("D1 queries", () => {
  it("placing an order takes no more round trips or statements than before", async () => {
    const shopper = await createSignedInUser();
    const { response, cost } = await costOf(
      new Request(`${ORIGIN}/api/orders`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: shopper.cookie },
        body: JSON.stringify(CART),
      }),
    );
    expect(response.status).toBe(201);
    expect(cost.roundTrips).toBeLessThanOrEqual(14);
    // 32 before several shops: the order's shop row is read in the user's round trip, and its prices
    // and drinks not sold in one statement beside the order's drinks. 34 before printing: its ticket
    // and labels are two statements of the order's batch.
    expect(cost.statements).toBeLessThanOrEqual(36);
  });

  it("loading the board takes no more round trips or statements than before", async () => {
    const barista = await createBarista();
    const { response, cost } = await costOf(
      new Request(`${ORIGIN}/api/staff/orders`, { headers: { Cookie: barista.cookie } }),
    );
    expect(response.status).toBe(200);
    expect(cost.roundTrips).toBeLessThanOrEqual(12);
    expect(cost.statements).toBeLessThanOrEqual(13);
  });
});
