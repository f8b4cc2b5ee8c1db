import { useState, type RefObject } from "react";
import { isFromEarlierDay } from "#common/earlier-orders";
import type { StaffOrdersResponse } from "#common/staff-orders";
import { boardShop } from "./board-lists";
import { laneOrders } from "./board-orders";
import { isHeldForLater } from "./later-lane";
import { BOARD_LANES, PHONE_LANES } from "./lanes";
import { useLaneLayout } from "./use-lane-layout";
import { usePhoneLayout } from "./use-phone-layout";

/**
 * The lanes the board shows, each with its orders and its ticket columns, and whether Later is
 * folded away (the barista's choice, else the board's width decides).
 */
export function useBoardLanes(
  lanesRef: RefObject<HTMLElement | null>,
  data: StaffOrdersResponse | undefined,
  now: number,
) {
  const phone = usePhoneLayout();
  const { thresholds, timeZone } = boardShop(data);
  // An order left open from an earlier day waits under "From earlier", never in today's lanes.
  const open = (data?.orders ?? []).filter((order) => !isFromEarlierDay(order, timeZone, now));
  const held = open.filter((order) => isHeldForLater(order, now));
  // Later shows only while it holds an order: a board without orders ahead keeps its width for the rest.
  const lanes = (phone ? PHONE_LANES : BOARD_LANES)
    .filter((lane) => lane.lane !== "later" || held.length > 0)
    .map((lane) => ({
      ...lane,
      orders:
        lane.lane === "later"
          ? held.sort((a, b) => a.prepStartsAt!.localeCompare(b.prepStartsAt!))
          : laneOrders(
              open.filter((order) => !held.includes(order)),
              lane.status,
              thresholds,
              now,
            ),
    }));
  const [laterChoice, setLaterChoice] = useState<"shown" | "folded" | null>(null);
  const layout = useLaneLayout(
    lanesRef,
    lanes.map((lane) => lane.orders.length),
    // On a phone every lane is one under the other: nothing folds.
    { index: phone ? -1 : lanes.findIndex((lane) => lane.lane === "later"), choice: laterChoice },
  );
  return {
    phone,
    // Folded, Later takes no width: its count and a button to show it wait in New's heading.
    shown: lanes
      .map((lane, index) => ({ ...lane, columns: layout.columns[index] ?? 1 }))
      .filter((lane) => !(lane.lane === "later" && layout.folded)),
    laterFolded: layout.folded,
    laterCount: lanes.find((lane) => lane.lane === "later")?.orders.length ?? 0,
    toggleLater: () => setLaterChoice(layout.folded ? "shown" : "folded"),
  };
}

export type BoardLanes = ReturnType<typeof useBoardLanes>;
