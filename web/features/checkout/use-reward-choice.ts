import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import type { CartPricesRequest } from "#common/forms/cart-prices";
import { useCartStore, type CartItem } from "#web/lib/cart-store";
import { loyaltyQueryKey } from "#web/lib/query-keys";
import { useShopId } from "#web/lib/shop-store";
import { useLoyalty } from "#web/shared-features/stamp-card/api/get-loyalty";
import { nextReward, readyReward, stampsToGoText } from "#web/shared-features/stamp-card/stamp-words";
import { useShopStatus } from "#web/shared-features/shop-status/shop-status-store";
import { getCartReward } from "./api/get-cart-reward";

/** A line the free drink can cover: a drink the shop can make that costs something. */
function coverable(item: CartItem): boolean {
  return item.priceCents > 0 && !item.unavailable;
}

/** The line the reward is offered on first: the priciest drink by one unit's price (the first of equals). */
export function priciestLine(items: readonly CartItem[]): CartItem | null {
  return items
    .filter(coverable)
    .reduce<CartItem | null>((best, item) => (!best || item.priceCents > best.priceCents ? item : best), null);
}

/**
 * The stamp card at checkout: the reward the card holds, offered on the priciest drink (the
 * shopper may move it), priced by the server as the order will be. A reward and a promo code do
 * not combine: using the reward removes the code, and applying a code stops the reward (`stop`).
 */
export function useRewardChoice({
  items,
  signedIn,
  removePromoCode,
}: {
  items: CartItem[];
  signedIn: boolean;
  removePromoCode(): void;
}) {
  const queryClient = useQueryClient();
  const loyalty = useLoyalty(signedIn);
  const reward = loyalty.data ? readyReward(loyalty.data.rewards) : null;
  const next = loyalty.data ? nextReward(loyalty.data.rewards) : null;
  const [using, setUsing] = useState(false);
  const [chosenLineId, setChosenLineId] = useState<string | null>(null);
  const cartShopId = useCartStore((state) => state.shopId);
  const chosenShopId = useShopId();
  const statusShopId = useShopStatus((state) => state.status?.locationId ?? null);
  const locationId = cartShopId ?? chosenShopId ?? statusShopId;

  const chosenLine = items.find((item) => item.id === chosenLineId && coverable(item));
  const line = chosenLine ?? priciestLine(items);
  const lineIndex = line ? items.indexOf(line) : -1;
  const active = using && reward !== null && line !== null;
  const request = useMemo(
    () =>
      active && reward && locationId
        ? ({
            locationId,
            reward: { id: reward.id, line: lineIndex },
            lines: items.map((item) => ({
              productId: item.productId,
              size: item.size as CartPricesRequest["lines"][number]["size"],
              quantity: item.quantity,
              optionIds: (item.options ?? []).map((option) => option.id),
            })),
          } satisfies CartPricesRequest)
        : null,
    [active, reward, locationId, lineIndex, items],
  );
  const priced = useQuery({
    queryKey: ["cart-reward", request],
    queryFn: () => getCartReward(request!),
    enabled: request !== null,
    staleTime: 60_000,
  });
  const refusal = active ? (priced.data?.refusal?.message ?? null) : null;

  const use = useCallback(() => {
    removePromoCode();
    setUsing(true);
  }, [removePromoCode]);
  const stop = useCallback(() => setUsing(false), []);
  const moveTo = useCallback((itemId: string) => setChosenLineId(itemId), []);
  /** The order was refused for the reward: the card is asked again (its stamps went meanwhile). */
  const onRefused = useCallback(() => {
    setUsing(false);
    void queryClient.invalidateQueries({ queryKey: loyaltyQueryKey });
  }, [queryClient]);

  return {
    /** The card has answered, or failed, or waits for a connection (offline), or there is none to ask for (a guest). */
    settled: !signedIn || !loyalty.isPending || loyalty.fetchStatus === "paused",
    /** The reward the card holds now, or null (a guest, too few stamps, or not loaded yet). */
    reward,
    using: active,
    /** The cart line the reward covers or is offered on. */
    lineId: line?.id ?? null,
    /** What the reward takes off, as the server priced it (0 until it has, or when not used). */
    discountCents: active && !refusal ? (priced.data?.discount?.amountCents ?? 0) : 0,
    isPricing: active && priced.isFetching,
    refusal,
    /** The reward as the order sends it, or null. */
    request: active && !refusal && reward ? { id: reward.id, line: lineIndex } : null,
    /** "2 more drinks to a free one", while no reward is ready. */
    toGo: !reward && next && loyalty.data ? stampsToGoText(loyalty.data.stamps, next) : null,
    use,
    stop,
    moveTo,
    onRefused,
  };
}

export type RewardChoice = ReturnType<typeof useRewardChoice>;
