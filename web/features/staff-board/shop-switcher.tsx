import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { StaffMembership } from "#common/staff";
import { staffShopsQueryKey, switchStaffShop } from "#web/lib/staff-shops";
import { notify } from "#web/lib/notify";

/** The bar says "Squeeze" already: the shop by its own name ("Fullerton"), the whole name when it has no other. */
function shortShopName(name: string): string {
  return name.replace(/^Squeeze\s+/, "") || name;
}

/**
 * The staff bar's shop for a member of several shops (a manager, the owner): choosing one makes
 * the board, the Menu page, the numbers and the live channel that shop's. A member of one shop
 * sees its name only.
 */
export function ShopSwitcher({ shops, current }: { shops: StaffMembership[]; current: StaffMembership }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [switching, setSwitching] = useState(false);
  if (shops.length < 2) return null;

  async function choose(locationId: string) {
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
        value={current.locationId}
        disabled={switching}
        onChange={(event) => void choose(event.target.value)}
      >
        {shops.map((shop) => (
          <option key={shop.locationId} value={shop.locationId}>
            {shortShopName(shop.locationName)}
          </option>
        ))}
      </select>
    </span>
  );
}
