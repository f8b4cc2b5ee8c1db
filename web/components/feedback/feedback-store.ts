import { create } from "zustand";

/** The feedback modal's three kinds (spec section 4). */
export type FeedbackKind = "loading" | "error" | "success";

export interface FeedbackState {
  kind: FeedbackKind | null;
  title?: string;
  message?: string;
  show(kind: FeedbackKind, options?: { title?: string; message?: string }): void;
  hide(): void;
}

export const FEEDBACK_DEFAULT_LOADING_TEXT = "Processing... please wait";

export const useFeedbackStore = create<FeedbackState>((set) => ({
  kind: null,
  show: (kind, options = {}) => set({ kind, title: options.title, message: options.message }),
  hide: () => set({ kind: null, title: undefined, message: undefined }),
}));
