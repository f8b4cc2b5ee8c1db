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
  /** The shopper is about to follow the link (pointer down or focus on it): nothing may move the page meanwhile. */
  onIntent?(): void;
  /** The shopper followed the link. */
  onFollow?(): void;
}

export interface FeedbackOptions {
  title?: string;
  message?: string;
  /** A sentence after the message, e.g. when and where to pick the order up. */
  followUp?: string;
  details?: FeedbackDetail[];
  /** A line under the details, e.g. that they could not be loaded. */
  note?: string;
  link?: FeedbackLink;
  /** Offer "Tell me when it's ready" (an order just placed): its code is loaded when the modal opens. */
  readyNotifications?: boolean;
}

export interface FeedbackState extends FeedbackOptions {
  kind: FeedbackKind | null;
  show(kind: FeedbackKind, options?: FeedbackOptions): void;
  /** Changes what the open modal says, only while `isStill` holds for it (not once closed or replaced). */
  update(isStill: (state: FeedbackState) => boolean, options: Partial<FeedbackOptions>): void;
  hide(): void;
}

export const FEEDBACK_DEFAULT_LOADING_TEXT = "Processing... please wait";

export const useFeedbackStore = create<FeedbackState>((set, get) => ({
  kind: null,
  show: (kind, options = {}) =>
    set({
      kind,
      title: options.title,
      message: options.message,
      followUp: options.followUp,
      details: options.details,
      note: options.note,
      link: options.link,
      readyNotifications: options.readyNotifications,
    }),
  update: (isStill, options) => {
    if (get().kind !== null && isStill(get())) set(options);
  },
  hide: () =>
    set({
      kind: null,
      title: undefined,
      message: undefined,
      followUp: undefined,
      details: undefined,
      note: undefined,
      link: undefined,
      readyNotifications: undefined,
    }),
}));
