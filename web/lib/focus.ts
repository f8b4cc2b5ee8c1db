const FOCUSABLE = [
  "a[href]",
  "area[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "iframe",
  "[contenteditable='true']",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/** The controls Tab reaches inside `container`, in order. */
export function focusableIn(container: ParentNode): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.hasAttribute("inert") && element.getAttribute("aria-hidden") !== "true",
  );
}

/** Marks an element whose controls keep the focus when React draws it anew elsewhere (a ticket). */
const FOCUS_HOME = "data-focus-home";

/**
 * The control that took the place of `gone`, an element no longer in the page. React does not move
 * an element to another parent, it draws a new one (a ticket restacked on the board), and the
 * browser drops the focus to the page. The new one is found through the nearest ancestor marked
 * `data-focus-home`: the element with the same mark now in `within`, and in it the control at the
 * same place among its focusable controls (else that element itself, when it can take the focus).
 */
export function replacementOf(gone: Element, within: ParentNode = document): HTMLElement | null {
  if (gone.isConnected) return null;
  const home = gone.closest<HTMLElement>(`[${FOCUS_HOME}]`);
  const key = home?.getAttribute(FOCUS_HOME);
  if (!home || !key) return null;
  const now = within.querySelector<HTMLElement>(`[${FOCUS_HOME}="${CSS.escape(key)}"]`);
  if (!now) return null;
  const place = home === gone ? -1 : focusableIn(home).indexOf(gone as HTMLElement);
  if (place < 0) return now.hasAttribute("tabindex") ? now : null;
  return focusableIn(now)[place] ?? null;
}
