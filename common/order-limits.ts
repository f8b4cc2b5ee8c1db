/**
 * Limits a single order respects; the API refuses anything beyond them with a 400 naming the line.
 * Kept free of zod so the product page (which shows the note's limit) can import it without
 * pulling the validation library into its chunk; common/forms/checkout.ts builds its schema from it.
 */
export const ORDER_LIMITS = {
  maxLines: 30,
  minQuantity: 1,
  maxQuantity: 50,
  maxNoteLength: 280,
  /** Orders one account may place per window; a retry with the same Idempotency-Key is not a new order. */
  maxOrdersPerWindow: 5,
  orderWindowMinutes: 10,
} as const;
