import { useCallback, useEffect, useMemo, useState } from "react";
import type { CartPricesRequest } from "#common/forms/cart-prices";
import { useCartStore, type CartItem } from "#web/lib/cart-store";
import { useSessionStore } from "#web/lib/session-store";
import { useShopId } from "#web/lib/shop-store";
import { useShopStatus } from "#web/shared-features/shop-status/shop-status-store";
import { getCartDiscount, type CartDiscountAnswer } from "./api/get-cart-discount";

/** The same cart and code give the same answer for a while; the order is priced again when placed. */
const ANSWER_KEPT_MS = 60_000;

// Kept here rather than in TanStack Query: the cart drawer sits in the layout, outside the data
// layer, and the first page of a visit should not download it for a drawer that may never open.
const answers = new Map<string, { answer: CartDiscountAnswer; at: number }>();

function discountRequest(items: CartItem[], locationId: string | null, promoCode: string | undefined) {
  if (!promoCode || !locationId || items.length === 0) return null;
  return {
    locationId,
    promoCode,
    lines: items.map((item) => ({
      productId: item.productId,
      // A stored line's size is checked by the server like the rest of the request.
      size: item.size as CartPricesRequest["lines"][number]["size"],
      quantity: item.quantity,
      optionIds: (item.options ?? []).map((option) => option.id),
    })),
  } satisfies CartPricesRequest;
}

interface Asked {
  code: string;
  key: string;
  answer?: CartDiscountAnswer;
  checking: boolean;
  failed: boolean;
}

/**
 * The promo code kept with the cart and what the server says it takes off the cart now (or why it
 * cannot apply), for the cart and the checkout alike. The order is priced again when placed.
 * `active: false` asks nothing (a closed cart).
 */
export function useCartDiscount({ active = true }: { active?: boolean } = {}) {
  const items = useCartStore((state) => state.items);
  const cartShopId = useCartStore((state) => state.shopId);
  const promoCode = useCartStore((state) => state.checkoutDetails?.promoCode);
  const chosenShopId = useShopId();
  const statusShopId = useShopStatus((state) => state.status?.locationId ?? null);
  const locationId = cartShopId ?? chosenShopId ?? statusShopId;
  const request = useMemo(
    () => (active ? discountRequest(items, locationId, promoCode) : null),
    [active, items, locationId, promoCode],
  );
  // The answer is the account's (its limits, its first order): signing in or out asks again.
  const account = useSessionStore((state) => (state.user.isAuthenticated ? state.user.uid : "guest"));
  const key = request ? JSON.stringify({ request, account }) : null;
  const [asked, setAsked] = useState<Asked | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!request || !key) return;
    const kept = answers.get(key);
    if (kept && Date.now() - kept.at < ANSWER_KEPT_MS) {
      setAsked({ code: request.promoCode, key, answer: kept.answer, checking: false, failed: false });
      return;
    }
    let current = true;
    // While a changed cart is asked about, the same code's last answer stays on screen.
    setAsked((last) => ({
      code: request.promoCode,
      key,
      answer: last?.code === request.promoCode ? last.answer : undefined,
      checking: true,
      failed: false,
    }));
    getCartDiscount(request).then(
      (answer) => {
        answers.set(key, { answer, at: Date.now() });
        if (current) setAsked({ code: request.promoCode, key, answer, checking: false, failed: false });
      },
      () => {
        if (current)
          setAsked((last) => ({ code: request.promoCode, key, answer: last?.answer, checking: false, failed: true }));
      },
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the request in full
  }, [key, round]);

  /** Asks again, past any kept answer: after the order was refused for its code (used up meanwhile). */
  const recheck = useCallback(() => {
    answers.clear();
    setRound((count) => count + 1);
  }, []);

  const current = request && asked?.code === request.promoCode ? asked : null;
  return {
    promoCode: promoCode ?? null,
    /** What the code takes off the drinks now; null without a code, while asking the first time, or refused. */
    discount: current?.answer?.discount ?? null,
    refusal: current?.answer?.refusal ?? null,
    isChecking: current?.checking ?? request !== null,
    /** The server could not be asked (offline): the order still prices the code when placed. */
    failed: current?.failed ?? false,
    recheck,
  };
}
