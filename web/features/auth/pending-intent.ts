import * as z from "zod/mini";
import { useCartStore } from "../cart/cart-store";

/**
 * What a guest was doing when asked to sign in, in a form that survives a full-page
 * redirect (the popup path keeps the original closure instead). Kept in sessionStorage,
 * so it belongs to this tab only and is gone when the tab closes.
 */
const cartLineSchema = z.object({
  id: z.string().check(z.minLength(1)),
  productId: z.string(),
  categoryId: z.string(),
  name: z.string(),
  priceCents: z.int().check(z.nonnegative()),
  size: z.string(),
  quantity: z.optional(z.int().check(z.gte(1))),
  comment: z.string(),
  image: z.string(),
});

export const pendingIntentSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("open-cart") }),
  z.object({ kind: z.literal("add-to-cart"), item: cartLineSchema, then: z.enum(["open-cart", "checkout"]) }),
]);
export type PendingIntent = z.infer<typeof pendingIntentSchema>;

export const PENDING_INTENT_STORAGE_KEY = "squeeze:pending-intent";

export function rememberIntent(intent: PendingIntent | null): void {
  try {
    if (intent) sessionStorage.setItem(PENDING_INTENT_STORAGE_KEY, JSON.stringify(intent));
    else sessionStorage.removeItem(PENDING_INTENT_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, quota): the shopper just repeats the click.
  }
}

/** Reads and forgets the remembered intent. */
export function takeRememberedIntent(): PendingIntent | null {
  try {
    const raw = sessionStorage.getItem(PENDING_INTENT_STORAGE_KEY);
    sessionStorage.removeItem(PENDING_INTENT_STORAGE_KEY);
    if (!raw) return null;
    const parsed = pendingIntentSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Carries out an intent; `navigate` is the router's, for "order now" (go to checkout). */
export function runIntent(intent: PendingIntent, navigate: (to: string) => void): void {
  const cart = useCartStore.getState();
  if (intent.kind === "open-cart") {
    cart.open();
    return;
  }
  cart.addItem(intent.item);
  if (intent.then === "checkout") navigate("/checkout");
  else cart.open();
}
