import { useState } from "react";
import type { LocationSummary } from "#common/locations";
import { ApiRequestError } from "#web/lib/api-client";
import { notify } from "#web/lib/notify";
import { chooseShop } from "./choose-shop";

/** The "Choose this shop" button's work: save the choice, say so, or say why not. */
export function useChooseShop<Shop extends Pick<LocationSummary, "id" | "name"> = LocationSummary>(
  onChosen?: (shop: Shop) => void,
) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(shop: Shop) {
    setBusyId(shop.id);
    setError(null);
    try {
      await chooseShop(shop);
    } catch (cause) {
      setError(
        cause instanceof ApiRequestError && cause.code === "location_not_online"
          ? `${shop.name} is not taking online orders right now. Choose another shop.`
          : cause instanceof ApiRequestError
            ? cause.message
            : "Could not choose the shop. Please try again.",
      );
      return;
    } finally {
      setBusyId(null);
    }
    notify("success", `Your shop: ${shop.name}`);
    onChosen?.(shop);
  }

  return { choose, busyId, error };
}
