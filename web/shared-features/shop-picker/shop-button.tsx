import { useEffect } from "react";
import "./shop-button.css";
import { shopPlace } from "#common/shop-details";
import { useShopId } from "#web/lib/shop-store";
import { findShop, hasSeveralShops, useLocations } from "./locations-store";
import { useShopPicker } from "./shop-picker-store";

/**
 * The header's shop: its name and a button that opens the picker. Nothing at all while there is
 * only one shop. Loaded after the first paint, like the banner.
 */
export function ShopButton() {
  const locations = useLocations((state) => state.locations);
  const shopId = useShopId();
  const open = useShopPicker((state) => state.open);

  useEffect(() => {
    void useLocations.getState().load();
  }, []);

  if (!hasSeveralShops(locations)) return null;
  const shop = findShop(locations, shopId);
  return (
    <button
      type="button"
      className="shop-button"
      aria-haspopup="dialog"
      aria-label={shop ? `Your shop: ${shop.name}. Choose your shop` : "Choose your shop"}
      onClick={open}
    >
      <svg className="shop-button__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
        />
      </svg>
      {/* The town is enough beside the brand ("Scottsdale"); the button's name says the shop's whole name. */}
      <span className="shop-button__name">{shop ? shopPlace(shop.name) : "Choose your shop"}</span>
      {!shop && (
        <span className="shop-button__short" aria-hidden="true">
          Shop
        </span>
      )}
    </button>
  );
}

export default ShopButton;
