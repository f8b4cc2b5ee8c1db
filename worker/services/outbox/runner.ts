/**
 * The one delivery loop every outbox shares (e-mail, push): a row is written in the same D1 batch
 * as what it reports, then claimed atomically (queued → sending), handed to its kind's `send`,
 * and settled as sent, dropped, failed, or queued again with a backoff. Each kind supplies only
 * its table, its limits and how it sends.
 */
import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import { getDb, type Database } from "#worker/db/client";
import type { emailOutbox, pushOutbox } from "#worker/db/schema";
import type { Env } from "#worker/env";

/** The outbox tables: each has the columns the loop reads and writes (status, attempts, claim, times). */
export type OutboxTable = typeof emailOutbox | typeof pushOutbox;

/** Minutes to wait after the 1st, 2nd, 3rd… failed attempt; the last value repeats. */
export const RETRY_DELAYS_MINUTES = [1, 5, 15, 60, 180, 360] as const;
/** A row still `sending` after this long belonged to a run that died; another run may take it over. */
export const STALE_CLAIM_MINUTES = 5;
const MAX_ERROR_LENGTH = 500;

export interface OutboxLimits {
  /** The most rows one cron run tries, so a backlog never outlasts the run's time budget. */
  maxPerRun: number;
  /** Attempts before a row is given up as failed. */
  maxAttempts: number;
}

/** What one attempt came to. */
export type SendOutcome =
  | { result: "sent" }
  /** Worth trying again later (a transport error, the service's own trouble). */
  | { result: "retry"; error: string }
  /** Will not change on a retry. */
  | { result: "failed"; error: string }
  /** No longer worth sending (expired, or no longer true). */
  | { result: "dropped"; reason: string }
  /** The row was removed while it was being sent (its recipient is gone); nothing to settle. */
  | { result: "gone" };

export interface OutboxKind<Table extends OutboxTable> {
  /** For logs: "E-mail outbox". */
  name: string;
  table: Table;
  limits(env: Env): OutboxLimits;
  send(env: Env, row: Table["$inferSelect"]): Promise<SendOutcome>;
  /** The row in a log line: its kind and recipient, never its content. */
  describe(row: Table["$inferSelect"]): string;
}

/**
 * At most this many rows are claimed by one statement: each id is a bound value, and D1 binds at
 * most 100 per statement.
 */
const CLAIMS_PER_STATEMENT = 90;

/**
 * One attempt per row, one row at a time, after one claim for them all; never throws (it runs
 * after the response or in the cron).
 */
export async function deliverRows<Table extends OutboxTable>(
  env: Env,
  kind: OutboxKind<Table>,
  ids: string[],
): Promise<void> {
  for (let start = 0; start < ids.length; start += CLAIMS_PER_STATEMENT) {
    const some = ids.slice(start, start + CLAIMS_PER_STATEMENT);
    let claimed: Claimed<Table>[];
    try {
      claimed = await claim(env, kind, some);
    } catch (error) {
      // Only the bookkeeping can land here (D1 unavailable); the rows stay claimable.
      console.error(`${kind.name}: could not claim ${some.join(", ")}:`, describeError(error));
      continue;
    }
    // In the order they were handed over (an order's e-mail to the shopper before the shop's copy).
    claimed.sort((a, b) => some.indexOf(a.row.id) - some.indexOf(b.row.id));
    for (const one of claimed) {
      try {
        await deliverClaimed(env, kind, one);
      } catch (error) {
        console.error(`${kind.name}: could not process ${one.row.id}:`, describeError(error));
      }
    }
  }
}

/** The cron retry: rows that are due, and rows whose sender died mid-send. */
export async function deliverDueRows<Table extends OutboxTable>(env: Env, kind: OutboxKind<Table>): Promise<void> {
  try {
    const table = asOneTable(kind.table);
    const due = await getDb(env.DB)
      .select({ id: table.id })
      .from(table)
      .where(dueCondition(table, new Date()))
      .orderBy(asc(table.nextAttemptAt))
      .limit(kind.limits(env).maxPerRun);
    await deliverRows(
      env,
      kind,
      due.map((row) => row.id),
    );
  } catch (error) {
    console.error(`${kind.name}: the retry run could not read the outbox:`, describeError(error));
  }
}

interface Claimed<Table extends OutboxTable> {
  row: Table["$inferSelect"];
  claimedAt: string;
}

/**
 * The claim is the only way out of `queued`: one UPDATE that succeeds for exactly one run per row.
 * Rows sent, failed, not yet due, or held by another run are not returned.
 */
async function claim<Table extends OutboxTable>(
  env: Env,
  kind: OutboxKind<Table>,
  ids: string[],
): Promise<Claimed<Table>[]> {
  const table = asOneTable(kind.table);
  const claimedAt = new Date().toISOString();
  const rows = await getDb(env.DB)
    .update(table)
    .set({ status: "sending", claimedAt, attempts: sql`${table.attempts} + 1` })
    .where(and(inArray(table.id, ids), dueCondition(table, new Date(claimedAt))))
    .returning();
  return rows.map((row) => ({ row: row as Table["$inferSelect"], claimedAt }));
}

async function deliverClaimed<Table extends OutboxTable>(
  env: Env,
  kind: OutboxKind<Table>,
  { row, claimedAt }: Claimed<Table>,
): Promise<void> {
  const db = getDb(env.DB);
  const table = asOneTable(kind.table);
  const { maxAttempts } = kind.limits(env);
  const claimed = row as OneTable["$inferSelect"];
  const id = claimed.id;

  // A run that outlived its claim must not overwrite the row another run has since reclaimed.
  const stillOurs = and(
    eq(table.id, id),
    eq(table.status, "sending"),
    eq(table.claimedAt, claimedAt),
    eq(table.attempts, claimed.attempts),
  );
  const settle = (status: "sent" | "failed" | "dropped", lastError: string | null) =>
    db
      .update(table)
      .set({ status, claimedAt: null, lastError, ...(status === "sent" ? { sentAt: new Date().toISOString() } : {}) })
      .where(stillOurs);

  if (claimed.attempts > maxAttempts) {
    // Only a reclaimed row gets here: its last allowed attempt was interrupted mid-send.
    const lastError = "Delivery was interrupted on the last allowed attempt.";
    await settle("failed", lastError);
    console.error(`${kind.name}: ${id} (${kind.describe(row)}) failed for good: ${lastError}`);
    return;
  }

  let outcome: SendOutcome;
  try {
    outcome = await kind.send(env, row);
  } catch (error) {
    outcome = { result: "retry", error: describeError(error) };
  }

  switch (outcome.result) {
    case "sent":
      return void (await settle("sent", null));
    case "dropped":
      return void (await settle("dropped", outcome.reason));
    case "gone":
      return;
    case "failed":
      await settle("failed", outcome.error.slice(0, MAX_ERROR_LENGTH));
      console.error(`${kind.name}: ${id} (${kind.describe(row)}) was refused for good: ${outcome.error}`);
      return;
    case "retry":
      return retryLater(
        db,
        table,
        stillOurs,
        claimed,
        maxAttempts,
        outcome.error,
        `${kind.name}: attempt ${claimed.attempts}/${maxAttempts} of ${id} (${kind.describe(row)}) failed`,
      );
  }
}

async function retryLater(
  db: Database,
  table: OneTable,
  stillOurs: ReturnType<typeof and>,
  row: { attempts: number; nextAttemptAt: string },
  maxAttempts: number,
  error: string,
  logPrefix: string,
): Promise<void> {
  const lastError = error.slice(0, MAX_ERROR_LENGTH);
  const givesUp = row.attempts >= maxAttempts;
  await db
    .update(table)
    .set({
      status: givesUp ? "failed" : "queued",
      claimedAt: null,
      lastError,
      nextAttemptAt: givesUp ? row.nextAttemptAt : nextAttemptAfter(row.attempts, new Date()),
    })
    .where(stillOurs);
  console.error(`${logPrefix}${givesUp ? "; giving up, the row stays as failed" : "; will retry"}: ${lastError}`);
}

/** When the next try is due after `attempts` failed ones (1 → 1 min, 2 → 5 min, …). */
export function nextAttemptAfter(attempts: number, now: Date): string {
  const index = Math.min(Math.max(attempts, 1), RETRY_DELAYS_MINUTES.length) - 1;
  const minutes: number = RETRY_DELAYS_MINUTES[index] ?? 60;
  return new Date(now.getTime() + minutes * 60_000).toISOString();
}

type OneTable = typeof pushOutbox;

/**
 * The loop only touches the columns every outbox table shares, with the same names and types;
 * drizzle cannot type a query over a union of tables, so the loop sees one of them.
 */
function asOneTable(table: OutboxTable): OneTable {
  return table as OneTable;
}

function dueCondition(table: OneTable, now: Date) {
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MINUTES * 60_000).toISOString();
  return or(
    and(eq(table.status, "queued"), lte(table.nextAttemptAt, now.toISOString())),
    and(eq(table.status, "sending"), lte(table.claimedAt, staleBefore)),
  );
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
