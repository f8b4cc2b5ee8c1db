import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { app } from "#worker/app";
import type { Env } from "#worker/env";

/**
 * What a request costs in D1, counted at the binding's edge: round trips (a batch is one, as it
 * is one call to D1) and the statements they carry.
 */
export interface D1Cost {
  roundTrips: number;
  statements: number;
}

const originals = new WeakMap<object, D1PreparedStatement>();
/** The real statement behind a counted one: D1's batch() checks what it is given. */
function unwrap(statement: D1PreparedStatement): D1PreparedStatement {
  return originals.get(statement) ?? statement;
}

function countedStatement(statement: D1PreparedStatement, cost: D1Cost): D1PreparedStatement {
  const counted = new Proxy(statement, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "bind") {
        return (...values: unknown[]) => countedStatement(value.apply(target, values) as D1PreparedStatement, cost);
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
}

/** A D1 binding (or one of its sessions) that counts what goes through it. */
function countingDb<Binding extends D1Database | D1DatabaseSession>(db: Binding, cost: D1Cost): Binding {
  return new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === "prepare") return (sql: string) => countedStatement(target.prepare(sql), cost);
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          cost.roundTrips += 1;
          cost.statements += statements.length;
          return target.batch(statements.map(unwrap));
        };
      }
      if (property === "withSession") {
        // Reads through a session (worker/lib/d1-bookmarks.ts) are D1 round trips too.
        return (...args: unknown[]) =>
          countingDb((value as (...a: unknown[]) => D1DatabaseSession).apply(target, args), cost);
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** One request through the app with a counting D1, its after-response work included. */
export async function costOf(
  request: Request,
  bindings: Partial<Env> = {},
): Promise<{ response: Response; body: string; cost: D1Cost }> {
  const cost: D1Cost = { roundTrips: 0, statements: 0 };
  const ctx = createExecutionContext();
  const countedEnv: Env = { ...(env as Env), ...bindings, DB: countingDb(env.DB, cost) };
  const response = await app.fetch(request, countedEnv, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, body, cost };
}
