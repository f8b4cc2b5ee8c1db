import { useState } from "react";
import type { StaffOrder } from "#common/staff-orders";

/** Which of the board's dialogs is open, and for which order. */
export interface BoardDialogs {
  /** Done on a ticket with money still to collect: "Collected $X?" before it is done. */
  collectingFor: StaffOrder | null;
  setCollectingFor(order: StaffOrder | null): void;
  /** Collect on a ticket asks "Collected $X?" first, as Done does. */
  confirmingCollect: StaffOrder | null;
  setConfirmingCollect(order: StaffOrder | null): void;
  cancelling: StaffOrder | null;
  setCancelling(order: StaffOrder | null): void;
  detailsOf: StaffOrder | null;
  setDetailsOf(order: StaffOrder | null): void;
  doneOpen: boolean;
  setDoneOpen(open: boolean): void;
  /** A dialog about a move is open: the keyboard focus is its until it closes. */
  aboutAMove: boolean;
}

export function useBoardDialogs(): BoardDialogs {
  const [collectingFor, setCollectingFor] = useState<StaffOrder | null>(null);
  const [confirmingCollect, setConfirmingCollect] = useState<StaffOrder | null>(null);
  const [cancelling, setCancelling] = useState<StaffOrder | null>(null);
  const [detailsOf, setDetailsOf] = useState<StaffOrder | null>(null);
  const [doneOpen, setDoneOpen] = useState(false);
  return {
    collectingFor,
    setCollectingFor,
    confirmingCollect,
    setConfirmingCollect,
    cancelling,
    setCancelling,
    detailsOf,
    setDetailsOf,
    doneOpen,
    setDoneOpen,
    aboutAMove: cancelling !== null || collectingFor !== null || confirmingCollect !== null,
  };
}
