import type { OrderRequest } from "#common/forms/checkout";

/**
 * The Idempotency-Key of the current checkout attempt. It survives a reload and is reused
 * for as long as the cart's lines stay the same, so a retry after a lost answer returns the
 * order already made instead of making a second one. A changed cart is a new attempt.
 */
const STORAGE_KEY = "squeeze:checkout-attempt";

interface StoredAttempt {
  fingerprint: string;
  key: string;
}

/** Everything the server compares a retried submission against, besides the lines and pickup time. */
type AttemptDetails = Pick<OrderRequest, "phone" | "fulfilment" | "street" | "zip" | "tip" | "promoCode" | "reward">;

function cartFingerprint(
  lines: OrderRequest["lines"],
  pickup: OrderRequest["pickup"],
  details: AttemptDetails | undefined,
): string {
  return JSON.stringify([
    // Options are part of what the server compares (its request hash), so another choice is another attempt.
    lines.map((line) => [line.productId, line.size, line.quantity, line.note ?? "", ...(line.modifierIds ?? [])]),
    pickup ?? null,
    ...(details
      ? [
          details.phone,
          ...(details.fulfilment === "delivery" ? [details.street ?? "", details.zip ?? ""] : []),
          // The server's request hash counts the tip: another tip is another attempt.
          ...(details.tip ? [details.tip] : []),
          // So does the promo code: with or without one is another attempt.
          ...(details.promoCode ? [`promo:${details.promoCode}`] : []),
          // And the reward: spending it, or on another line, is another attempt.
          ...(details.reward ? [`reward:${details.reward.id}:${details.reward.line}`] : []),
        ]
      : []),
  ]);
}

function read(): StoredAttempt | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as Partial<StoredAttempt> | null;
    return parsed && typeof parsed.fingerprint === "string" && typeof parsed.key === "string"
      ? { fingerprint: parsed.fingerprint, key: parsed.key }
      : null;
  } catch {
    return null;
  }
}

/**
 * The same lines, pickup time, phone and delivery address are the same attempt; another slot, phone
 * or address is a new one (the server would refuse it under the old key as a different order).
 */
export function checkoutAttemptKey(
  lines: OrderRequest["lines"],
  pickup?: OrderRequest["pickup"],
  details?: AttemptDetails,
): string {
  const fingerprint = cartFingerprint(lines, pickup, details);
  const stored = read();
  if (stored?.fingerprint === fingerprint) return stored.key;
  const key = crypto.randomUUID();
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ fingerprint, key } satisfies StoredAttempt));
  } catch {
    // Storage full or blocked: the key still covers retries while the page stays open.
  }
  return key;
}

/** The attempt is over (placed, or its payment cancelled): the next checkout is a new order. */
export function forgetCheckoutAttempt(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
