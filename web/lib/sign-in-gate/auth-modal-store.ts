import { create } from "zustand";
import { rememberIntent, type PendingIntent } from "./pending-intent";

export interface AuthModalState {
  isOpen: boolean;
  /** What the shopper was doing when they were asked to sign in; runs once they have. */
  pendingAction: (() => void) | null;
  /** The same action in a form that survives a full-page redirect, when the caller can describe it. */
  pendingIntent: PendingIntent | null;
  open(pendingAction?: () => void, pendingIntent?: PendingIntent): void;
  /** Closes the modal and forgets the pending action (the shopper gave up). */
  close(): void;
  /** Hands over the pending action, at most once, and forgets it. */
  takePendingAction(): (() => void) | null;
}

export const useAuthModalStore = create<AuthModalState>((set, get) => ({
  isOpen: false,
  pendingAction: null,
  pendingIntent: null,
  open: (pendingAction, pendingIntent) =>
    set({ isOpen: true, pendingAction: pendingAction ?? null, pendingIntent: pendingIntent ?? null }),
  close: () => {
    rememberIntent(null);
    set({ isOpen: false, pendingAction: null, pendingIntent: null });
  },
  takePendingAction: () => {
    const action = get().pendingAction;
    set({ pendingAction: null, pendingIntent: null });
    return action;
  },
}));
