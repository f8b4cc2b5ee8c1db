import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import type { StaffMembership } from "#common/staff";
import { ALL_SHOPS_PARAM, staffShopsQueryKey } from "#web/shared-features/staff-shops/api/get-staff-shops";
import { switchStaffShop } from "#web/shared-features/staff-shops/api/switch-staff-shop";
import { notify } from "#web/lib/notify";

/** The bar says "Squeeze" already: the shop by its own name ("Fullerton"), the whole name when it has no other. */
function shortShopName(name: string): string {
  return name.replace(/^Squeeze\s+/, "") || name;
}

/**
 * The staff bar's shop for a member of several shops (a manager, the owner): choosing one makes
 * the board, the Menu page, the numbers and the live channel that shop's. A member of one shop
 * sees its name only. Where a page can show every shop at once (the numbers), it offers "All shops"
 * too: the one place the shop is chosen.
 */
export function ShopSwitcher({
  shops,
  current,
  offerAllShops = false,
}: {
  shops: StaffMembership[];
  current: StaffMembership;
  offerAllShops?: boolean;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const [switching, setSwitching] = useState(false);
  const [search, setSearch] = useSearchParams();
  if (shops.length < 2) return null;
  const allShown = offerAllShops && search.get(ALL_SHOPS_PARAM.name) === ALL_SHOPS_PARAM.value;

  function showAllShops(all: boolean) {
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (all) next.set(ALL_SHOPS_PARAM.name, ALL_SHOPS_PARAM.value);
        else next.delete(ALL_SHOPS_PARAM.name);
        return next;
      },
      { replace: true },
    );
  }

  async function choose(locationId: string) {
    if (locationId === ALL_SHOPS_PARAM.value) return showAllShops(true);
    if (allShown) showAllShops(false);
    if (locationId === current.locationId) return;
    setSwitching(true);
    try {
      const answer = await switchStaffShop(locationId);
      // Everything the staff pages read was the other shop's: read it again for this one.
      queryClient.setQueryData(staffShopsQueryKey, answer);
      await queryClient.resetQueries({
        queryKey: ["staff"],
        predicate: (query) => query.queryKey[1] !== staffShopsQueryKey[1],
      });
    } catch {
      notify("error", "The shop could not be switched. Check the connection and try again.");
    } finally {
      setSwitching(false);
    }
  }

  return (
    <span className="staff-switcher">
      <label className="visually-hidden" htmlFor={id}>
        Shop
      </label>
      <select
        id={id}
        className="staff-switcher__select"
        value={allShown ? ALL_SHOPS_PARAM.value : current.locationId}
        disabled={switching}
        onChange={(event) => void choose(event.target.value)}
      >
        {offerAllShops && <option value={ALL_SHOPS_PARAM.value}>All shops</option>}
        {shops.map((shop) => (
          <option key={shop.locationId} value={shop.locationId}>
            {shortShopName(shop.locationName)}
          </option>
        ))}
      </select>
    </span>
  );
}
