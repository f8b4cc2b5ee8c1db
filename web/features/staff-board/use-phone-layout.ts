import { useSyncExternalStore } from "react";

/** Where the board stacks its lanes one under the other (staff-board.css says the same width). */
const PHONE_QUERY = "(max-width: 700px)";

function phoneQuery(): MediaQueryList | null {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia(PHONE_QUERY)
    : null;
}

/**
 * True on a phone-sized screen, kept current as it turns: the lanes then come in the order of
 * what needs doing now (New, Preparing, Ready, then Later), in the page as on screen.
 */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = phoneQuery();
      query?.addEventListener("change", listener);
      return () => query?.removeEventListener("change", listener);
    },
    () => phoneQuery()?.matches ?? false,
    () => false,
  );
}
