/** Printed jobs are kept a week (for "did it print?"), then deleted by the cron. */
import { and, inArray, lt } from "drizzle-orm";
import { getDb } from "#worker/db/client";
import { printJobs } from "#worker/db/schema";
import type { Env } from "#worker/env";

export const PRINT_JOB_KEPT_DAYS = 7;

/** Deletes printed and given-up jobs made more than PRINT_JOB_KEPT_DAYS ago. */
export async function deleteOldPrintJobs(env: Pick<Env, "DB">, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - PRINT_JOB_KEPT_DAYS * 24 * 60 * 60_000).toISOString();
  const deleted = await getDb(env.DB)
    .delete(printJobs)
    .where(and(inArray(printJobs.state, ["printed", "failed"]), lt(printJobs.createdAt, before)))
    .returning({ id: printJobs.id });
  return deleted.length;
}
