/**
 * Where an e-mail in the outbox stands. A row leaves `queued` only by being claimed (`sending`),
 * then becomes `sent`, or `queued` again for a retry, or `failed` once retries are used up.
 */
export const EMAIL_STATUSES = ["queued", "sending", "sent", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
