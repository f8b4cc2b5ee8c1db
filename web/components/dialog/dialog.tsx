import { useEffect, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { focusableIn, replacementOf } from "#web/lib/focus";
import "./dialog.css";

export interface DialogProps {
  open: boolean;
  /** Called on Escape and on a backdrop click (unless `dismissible` is false). */
  onClose: () => void;
  /** Id of the element that names the dialog (usually its heading). */
  labelledBy: string;
  /** Id of the element that describes the dialog, if any. */
  describedBy?: string;
  children: ReactNode;
  /** Extra class on the panel. */
  className?: string;
  /** "modal": centred card. "drawer": full-height panel sliding in from the right. */
  variant?: "modal" | "drawer";
  /** When false, Escape and the backdrop do nothing (e.g. while something is loading). */
  dismissible?: boolean;
  /**
   * When this changes while the dialog stays open (its content was swapped, e.g. loading →
   * success), focus moves again to the new content's `[data-autofocus]` (or its first control).
   */
  contentKey?: string | number;
}

/** Focuses what should have focus first: the `[data-autofocus]` control, else the first control, else the panel. */
function focusInitial(panel: HTMLElement): void {
  const autofocus = panel.querySelector<HTMLElement>("[data-autofocus]");
  (autofocus ?? focusableIn(panel)[0] ?? panel).focus();
}

/** How many dialogs are open, so the page scroll is unlocked only when the last one closes. */
let openDialogs = 0;

/**
 * An accessible dialog: rendered in a portal above the page, it traps Tab inside,
 * closes on Escape and on a backdrop click, and gives focus back to the element that
 * had it before it opened (or to the one drawn in its place). Used by the cart drawer, the auth modal and the feedback modal.
 */
export function Dialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  children,
  className,
  variant = "modal",
  dismissible = true,
  contentKey,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  // Read the latest values from the key handler without re-running the open/close effect.
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  onCloseRef.current = onClose;
  dismissibleRef.current = dismissible;

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    if (!panel) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;

    focusInitial(panel);

    openDialogs += 1;
    document.body.classList.add("has-dialog");

    function onKeyDown(event: KeyboardEvent) {
      if (!panel) return;
      // Only the top-most dialog reacts when several are stacked.
      const dialogs = document.querySelectorAll(".dialog");
      if (dialogs[dialogs.length - 1] !== panel.parentElement) return;
      if (event.key === "Escape") {
        if (dismissibleRef.current) {
          event.stopPropagation();
          onCloseRef.current();
        }
        return;
      }
      if (event.key !== "Tab") return;
      const focusables = focusableIn(panel);
      if (focusables.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const first = focusables[0]!;
      const last = focusables[focusables.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);

    return () => {
      document.removeEventListener("keydown", onKeyDown);
      openDialogs -= 1;
      if (openDialogs <= 0) {
        openDialogs = 0;
        document.body.classList.remove("has-dialog");
      }
      // The opener may have been drawn anew while the dialog was open (a ticket restacked).
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
      else if (previouslyFocused) replacementOf(previouslyFocused)?.focus();
    };
  }, [open]);

  // The open effect above focuses only on open; new content in an open dialog needs it again
  // (the control that had focus may be gone, or there was none and the panel held it).
  const focusedContentKey = useRef(contentKey);
  useEffect(() => {
    if (focusedContentKey.current === contentKey) return;
    focusedContentKey.current = contentKey;
    if (open && panelRef.current) focusInitial(panelRef.current);
  }, [open, contentKey]);

  if (!open) return null;

  return createPortal(
    <div className={`dialog dialog--${variant}`}>
      <div
        className="dialog__backdrop"
        aria-hidden="true"
        data-testid="dialog-backdrop"
        onClick={() => {
          if (dismissible) onClose();
        }}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={["dialog__panel", `dialog__panel--${variant}`, className].filter(Boolean).join(" ")}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
