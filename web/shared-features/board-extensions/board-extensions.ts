/**
 * What other staff features show on the order board, wired by the app (web/app/staff-routes.tsx)
 * so that the board imports none of them: a strip above the lanes, a mark on each ticket, and
 * actions in an order's details.
 */
import { createContext, useContext, type ComponentType } from "react";

export interface BoardExtensions {
  /** Above the lanes (the shop's printers). */
  Strip?: ComponentType;
  /** On a ticket, under its lines (whether it printed). */
  TicketMark?: ComponentType<{ orderId: string }>;
  /** Among an order's details' actions (Print again). */
  DetailsActions?: ComponentType<{ orderId: string }>;
}

export const BoardExtensionsContext = createContext<BoardExtensions>({});

export function useBoardExtensions(): BoardExtensions {
  return useContext(BoardExtensionsContext);
}
