import { useEffect, useState, type RefObject } from "react";
import { laneColumns } from "./board-orders";

/** A ticket is never narrower than this (CSS px), gaps included: large type must fit a drink's name. */
const TICKET_MIN_WIDTH = 224;
const GAP = 8;
/** An empty lane keeps this much width (CSS px) for its heading and "No orders". */
export const EMPTY_LANE_WIDTH = 150;
/** A lane's padding on each side (`.board__column`), which its tickets cannot use. */
const LANE_PADDING = 8;

/**
 * The ticket columns each lane gets from the board's width: as many columns as fit, shared so the
 * fewest tickets fall below the fold (see laneColumns). Measured with a ResizeObserver; without
 * one (or before the first measure) every lane with orders gets one column.
 */
export function useLaneLayout(board: RefObject<HTMLElement | null>, counts: readonly number[]): number[] {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = board.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [board]);
  const empty = counts.filter((count) => count === 0).length;
  const lanesWithOrders = counts.length - empty;
  const usable = width - empty * (EMPTY_LANE_WIDTH + GAP) - lanesWithOrders * 2 * LANE_PADDING;
  const total = Math.max(lanesWithOrders, Math.floor((usable + GAP) / (TICKET_MIN_WIDTH + GAP)));
  return laneColumns(counts, total);
}
