import { create } from "zustand";

/** The feedback modal's three kinds (spec section 4). */
export type FeedbackKind = "loading" | "error" | "success";

/** A fact shown under the message, e.g. { label: "Total", value: "$12.98" }. */
export interface FeedbackDetail {
  label: string;
  value: string;
}

/** A link offered beside the modal's button, e.g. to the order just placed. */
export interface FeedbackLink {
  label: string;
  to: string;
}

export interface FeedbackOptions {
  title?: string;
  message?: string;
  details?: FeedbackDetail[];
  link?: FeedbackLink;
}

export interface FeedbackState extends FeedbackOptions {
  kind: FeedbackKind | null;
  show(kind: FeedbackKind, options?: FeedbackOptions): void;
  hide(): void;
}

export const FEEDBACK_DEFAULT_LOADING_TEXT = "Processing... please wait";

export const useFeedbackStore = create<FeedbackState>((set) => ({
  kind: null,
  show: (kind, options = {}) =>
    set({ kind, title: options.title, message: options.message, details: options.details, link: options.link }),
  hide: () => set({ kind: null, title: undefined, message: undefined, details: undefined, link: undefined }),
}));
