import { useId } from "react";
import { ORDER_LIMITS } from "#common/order-limits";

/** The same limit the order API enforces (one constant for both). */
export const NOTE_MAX_LENGTH = ORDER_LIMITS.maxNoteLength;

/**
 * The shopper's note for the drink, with what is left of its length. Written out rather than
 * through the shared FormField: the drink page is a landing page, and FormField's chunk would be
 * one more file in its download.
 */
export function NoteField({ note, onChange }: { note: string; onChange(note: string): void }) {
  const noteId = useId();
  const noteHintId = useId();
  return (
    <div className="field product-details__note">
      <label className="field__label" htmlFor={noteId}>
        Add A Comment with Your Order
      </label>
      <textarea
        id={noteId}
        value={note}
        maxLength={NOTE_MAX_LENGTH}
        aria-describedby={noteHintId}
        placeholder="Less ice, no ginger, extra cold…"
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={noteHintId} className="field__hint">
        {note.length}/{NOTE_MAX_LENGTH} characters
      </span>
    </div>
  );
}
