import { useEffect } from "react";
import type { LocationSummary } from "#common/locations";
import { useCartStore, type CartItem } from "#web/lib/cart-store";
import { repriceCart, useCartShopNotice, unavailableText } from "#web/shared-features/shop-picker/reprice-cart";
import { useShopId } from "#web/lib/shop-store";
import { findShop, useLocations } from "./locations-store";
import { useChosenShop } from "./use-chosen-shop";
import { useShopPicker } from "./shop-picker-store";
import "./cart-shop.css";

/**
 * The shop whose prices the cart shows: the one its lines were priced at, else (an empty cart, or
 * one saved before carts knew their shop) the chosen one. While a switch is being priced, the
 * cart still names the shop its prices are from.
 */
export function useCartShop(): LocationSummary | null {
  const chosen = useChosenShop();
  const pricedAt = useCartStore((state) => (state.items.length > 0 ? state.shopId : null));
  if (!chosen) return null;
  return (pricedAt && findShop(chosen.locations, pricedAt)) || chosen.shop;
}

/**
 * "Your shop: Squeeze Fullerton · Change shop", above the cart's and the checkout's lines: the
 * shop the cart is priced at (useCartShop); nothing while there is one shop. `beforeOpen` lets the
 * cart drawer step aside for the picker.
 */
export function CartShopLine({ beforeOpen }: { beforeOpen?: () => void }) {
  const chosen = useChosenShop();
  const shop = useCartShop();
  const open = useShopPicker((state) => state.open);
  if (!chosen) return null;
  return (
    <p className="cart-shop" data-testid="cart-shop">
      <span>
        {shop ? (
          <>
            Your shop: <strong>{shop.name}</strong>
          </>
        ) : (
          "No shop chosen yet"
        )}
      </span>
      <button
        type="button"
        className="cart-shop__change"
        onClick={() => {
          beforeOpen?.();
          open();
        }}
      >
        {shop ? "Change shop" : "Choose your shop"}
      </button>
    </p>
  );
}

/**
 * A cart priced at another shop than the chosen one (the choice was restored at sign-in, or an
 * earlier pricing failed) is priced again at the chosen shop when the cart or the checkout shows.
 */
function useCartFollowsShop(): void {
  const shopId = useShopId();
  const cartShopId = useCartStore((state) => state.shopId);
  const hasItems = useCartStore((state) => state.items.length > 0);
  const locations = useLocations((state) => state.locations);
  useEffect(() => {
    if (!shopId || shopId === cartShopId || !hasItems || !locations) return;
    void repriceCart(shopId, findShop(locations, shopId)?.name ?? "your shop");
  }, [shopId, cartShopId, hasItems, locations]);
}

/** What changed when the cart moved to another shop: every new price and every line it cannot make. */
export function CartShopNotice({ items }: { items: readonly CartItem[] }) {
  useCartFollowsShop();
  const notice = useCartShopNotice((state) => state.notice);
  const dismiss = useCartShopNotice((state) => state.dismiss);
  const chosenName = useChosenShop()?.shop?.name;
  const blocked = items.some((item) => item.unavailable);
  if (items.length === 0 || (!notice && !blocked)) return null;
  const shopName = notice?.shopName ?? chosenName ?? "This shop";
  return (
    <div className="cart-shop-notice" role="status" data-testid="cart-shop-notice">
      {notice && (
        <>
          <p className="cart-shop-notice__title">Your cart is now at {notice.shopName}</p>
          <ul className="cart-shop-notice__lines">
            {notice.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {blocked && (
        <p className="cart-shop-notice__blocked">
          {notice ? "" : `${shopName} cannot make some of these drinks. `}Remove the marked drinks to check out.
        </p>
      )}
      {notice && !blocked && (
        <button type="button" className="cart-shop-notice__dismiss" onClick={dismiss}>
          OK
        </button>
      )}
    </div>
  );
}

/** Under a line the cart's shop cannot make: why, and that it has to go. */
export function UnavailableLine({ item, className }: { item: CartItem; className?: string }) {
  const chosen = useChosenShop();
  if (!item.unavailable) return null;
  return (
    <p className={className} data-testid="line-unavailable">
      {unavailableText(item.unavailable, chosen?.shop?.name ?? "this shop")}
    </p>
  );
}

/** The cart's problem line for a line its shop cannot make, for the checkout's own line problems. */
export function unavailableProblem(item: CartItem, shopName: string | undefined): string | undefined {
  return item.unavailable ? unavailableText(item.unavailable, shopName ?? "this shop") : undefined;
}
