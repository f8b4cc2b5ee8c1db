import { useId } from "react";
import { SIZE_LABELS, type Product, type ProductSize } from "#common/catalog";
import { ORDER_LIMITS } from "#common/order-limits";
import { FormField } from "#web/components/form-field/form-field";
import { PriceTag } from "#web/components/price-tag/price-tag";

interface SizePickerProps {
  product: Product;
  sizes: readonly ProductSize[];
  size: ProductSize;
  onChoose(size: ProductSize): void;
  isSizeSoldOut(size: ProductSize): boolean;
}

/** The drink's sizes, each with its price, or "Sold out today" in its place. */
export function SizePicker({ product, sizes, size, onChoose, isSizeSoldOut }: SizePickerProps) {
  const legendId = useId();
  return (
    <div className="size-picker" role="group" aria-labelledby={legendId}>
      <span id={legendId} className="size-picker__legend">
        Size
      </span>
      <div className="size-picker__options">
        {sizes.map((option) => {
          const optionSoldOut = isSizeSoldOut(option);
          return (
            <button
              key={option}
              type="button"
              className={`size-picker__option${option === size ? " size-picker__option--selected" : ""}${optionSoldOut ? " size-picker__option--sold-out" : ""}`}
              aria-pressed={option === size}
              aria-disabled={optionSoldOut || undefined}
              onClick={() => onChoose(option)}
            >
              <span className="size-picker__name">{SIZE_LABELS[option]}</span>{" "}
              {optionSoldOut ? (
                <span className="size-picker__sold-out">Sold out today</span>
              ) : (
                <PriceTag className="size-picker__price" price={product.pricesBySize[option]} />
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** The same limit the order API enforces (one constant for both). */
export const NOTE_MAX_LENGTH = ORDER_LIMITS.maxNoteLength;

/** The shopper's note for the drink, with what is left of its length. */
export function NoteField({ note, onChange }: { note: string; onChange(note: string): void }) {
  const noteId = useId();
  return (
    <FormField
      id={noteId}
      label="Add A Comment with Your Order"
      className="product-details__note"
      hint={
        <>
          {note.length}/{NOTE_MAX_LENGTH} characters
        </>
      }
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
