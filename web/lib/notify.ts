/**
 * Raises a toast from code that is part of every first visit (the layout, the header's account
 * menu, the sign-in bootstrap) without putting react-hot-toast into that first download: the
 * library loads with the first toast. Pages, which are lazy chunks anyway, use `toast` directly;
 * both reach the same store, which the layout's toaster draws.
 */
export function notify(kind: "success" | "error", message: string): void {
  void import("react-hot-toast").then(({ default: toast }) => toast[kind](message));
}
