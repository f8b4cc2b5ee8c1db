/** The forms whose submissions are stored and e-mailed to the shop. */
export const SUBMISSION_KINDS = ["contact", "partnership"] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

/** The answer to `POST /api/contact` and `POST /api/partnership` (201): the stored submission's id. */
export interface SubmissionReceipt {
  id: string;
}
