import { useEffect, useState, type RefObject } from "react";
import { laneColumns } from "./board-orders";

/**
 * A ticket is never narrower than this (CSS px): a drink's name in large type fits on one line,
 * and Start, Collect and ⋯ side by side. Four columns fit a 1024 px tablet (in one lane, with the
 * others empty, too), six a 1440 screen.
 */
const TICKET_MIN_WIDTH = 205;
/** The gap between lanes and between a lane's ticket columns (`.board__columns`, `.board__cards`). */
const GAP = 6;
/** An empty (or folded) lane keeps this much width (CSS px): its heading, turned on its side. */
export const EMPTY_LANE_WIDTH = 48;
/** A lane's padding on each side (`.board__column`), which its tickets cannot use. */
const LANE_PADDING = 4;

/** The ticket columns each lane gets on a board `width` px wide (every lane with orders at least one; see laneColumns). */
export function columnsForWidth(width: number, counts: readonly number[]): number[] {
  const empty = counts.filter((count) => count === 0).length;
  const lanesWithOrders = counts.length - empty;
  const usable = width - empty * (EMPTY_LANE_WIDTH + GAP) - lanesWithOrders * 2 * LANE_PADDING;
  const total = Math.max(lanesWithOrders, Math.floor((usable + GAP) / (TICKET_MIN_WIDTH + GAP)));
  return laneColumns(counts, total);
}

/** Which lane may fold away (Later: -1 for none), and what the person chose for it (null: the board decides). */
export interface FoldableLane {
  index: number;
  choice: "shown" | "folded" | null;
}

/**
 * The lanes' ticket columns on a board `width` px wide, and whether the lane at `foldable.index`
 * (Later) is folded away (its count and a button to show it wait in the next lane's heading): it
 * is when its column would cost a busier lane one of its own (a rush fills New; what is due later
 * can wait a tap away), unless the person chose otherwise. A folded lane's column count is 0.
 */
export function laneLayout(
  width: number,
  counts: readonly number[],
  foldable: FoldableLane = { index: -1, choice: null },
): { columns: number[]; folded: boolean } {
  const all = columnsForWidth(width, counts);
  if (foldable.index < 0 || width === 0 || foldable.choice === "shown") return { columns: all, folded: false };
  // Folded, the lane takes no width at all.
  const withoutIt = columnsForWidth(
    width,
    counts.filter((_, index) => index !== foldable.index),
  );
  withoutIt.splice(foldable.index, 0, 0);
  const costsAColumn = withoutIt.some((columns, index) => index !== foldable.index && columns > all[index]!);
  return foldable.choice === "folded" || costsAColumn
    ? { columns: withoutIt, folded: true }
    : { columns: all, folded: false };
}

/**
 * laneLayout for the board's own width, measured with a ResizeObserver; without one (or before
 * the first measure) every lane with orders gets one column and nothing is folded.
 */
export function useLaneLayout(
  board: RefObject<HTMLElement | null>,
  counts: readonly number[],
  foldable?: FoldableLane,
): { columns: number[]; folded: boolean } {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = board.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [board]);
  return laneLayout(width, counts, foldable);
}
