import type { Env } from "../env";

/** Delivers queued e-mails that are due; filled in by the messages issue. */
export async function deliverDueEmails(_env: Env): Promise<void> {}
