import { NOT_ACCEPTING_REASONS, type ShopStatus } from "#common/availability";
import { apiFetch } from "#web/lib/api-client";
import { withShop } from "#web/lib/shop-store";
import { isBoolean, isIntegerAtLeast, isRecord, isString } from "#web/lib/guards";

const isInstantOrNull = (value: unknown) => value === null || (isString(value) && !Number.isNaN(Date.parse(value)));

// Checked by hand, not with zod, like GET /api/me: every page asks for it (see web/lib/guards.ts).
// Only what the pages compute with is checked; an answer that is not the shop's state is refused.
function isShopStatus(body: unknown): body is ShopStatus {
  return (
    isRecord(body) &&
    isString(body.timeZone) &&
    isBoolean(body.open) &&
    isBoolean(body.acceptingOrders) &&
    (body.reason === null || (NOT_ACCEPTING_REASONS as readonly unknown[]).includes(body.reason)) &&
    isInstantOrNull(body.opensAt) &&
    isInstantOrNull(body.pausedUntil) &&
    isInstantOrNull(body.asapReadyAt) &&
    Array.isArray(body.soldOut) &&
    Array.isArray(body.pickupSlots) &&
    isRecord(body.drinkLimits) &&
    isIntegerAtLeast(body.drinkLimits.perOrder, 1) &&
    isIntegerAtLeast(body.drinkLimits.perSlot, 1) &&
    Array.isArray(body.weeklyHours)
  );
}

/** GET /api/store?location=: whether the shop takes orders now, what is sold out, today's pickup slots. Never cached. */
export async function getShopStatus(shopId: string | null): Promise<ShopStatus> {
  const body = await apiFetch<unknown>(withShop("/api/store", shopId), { cache: "no-store" });
  if (!isShopStatus(body)) throw new Error("Unexpected response from GET /api/store.");
  return body;
}
