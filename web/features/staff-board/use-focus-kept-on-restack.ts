import { useLayoutEffect, useRef, type FocusEvent, type RefObject } from "react";
import { replacementOf } from "#web/lib/focus";

export interface FocusKeptOnRestack {
  onFocus(event: FocusEvent<HTMLElement>): void;
  onBlur(event: FocusEvent<HTMLElement>): void;
}

/**
 * Keeps the keyboard focus on a ticket's control when its lane draws the ticket anew in another
 * stack: an order arriving or leaving reshuffles the stacks, and the browser would drop the focus
 * to the page under the barista's hands. Spread the handlers on the element that holds the stacks.
 * A ticket that left the lane is not followed here (useFocusFollowsCard does that).
 */
export function useFocusKeptOnRestack(stacks: RefObject<HTMLElement | null>): FocusKeptOnRestack {
  const held = useRef<Element | null>(null);

  useLayoutEffect(() => {
    const gone = held.current;
    const lane = stacks.current;
    if (!gone || gone.isConnected || !lane) return;
    held.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const replacement = replacementOf(gone, lane);
    replacement?.focus();
  });

  return {
    onFocus(event) {
      held.current = event.target;
    },
    onBlur(event) {
      const left = event.target;
      if (event.relatedTarget) {
        held.current = null;
        return;
      }
      // Focus went to the page: a click on nothing (forget it), or the control's removal (keep it).
      queueMicrotask(() => {
        if (held.current === left && left.isConnected && document.activeElement !== left) held.current = null;
      });
    },
  };
}
