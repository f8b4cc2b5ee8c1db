import { useId } from "react";
import { ORDER_LIMITS } from "#common/order-limits";
import { FormField } from "#web/components/form-field/form-field";

/** The same limit the order API enforces (one constant for both). */
export const NOTE_MAX_LENGTH = ORDER_LIMITS.maxNoteLength;

/** The shopper's note for the drink, with what is left of its length. */
export function NoteField({ note, onChange }: { note: string; onChange(note: string): void }) {
  const id = useId();
  return (
    <FormField
      id={id}
      label="Add A Comment with Your Order"
      hint={`${note.length}/${NOTE_MAX_LENGTH} characters`}
      className="product-details__note"
    >
      {(control) => (
        <textarea
          {...control}
          value={note}
          maxLength={NOTE_MAX_LENGTH}
          placeholder="Less ice, no ginger, extra cold…"
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
