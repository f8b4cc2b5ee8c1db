import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { giveBackPrompt } from "#common/cash-drawer";
import { cancelOrderFormSchema, type CancelOrderForm } from "#common/forms/order-status";
import { CANCEL_REASON_MAX_LENGTH, CANCEL_REASON_PRESETS } from "#common/order-lifecycle";
import { orderNumber } from "#common/orders";
import type { StaffOrder } from "#common/staff-orders";
import { Dialog } from "#web/components/dialog/dialog";
import { FormField } from "#web/components/form-field/form-field";

export interface CancelOrderDialogProps {
  order: StaffOrder | null;
  busy: boolean;
  error: string | null;
  onClose(): void;
  onConfirm(order: StaffOrder, reason: string): void;
}

/** Asks why before an order is cancelled: the customer reads the reason in their e-mail. */
export function CancelOrderDialog({ order, busy, error, onClose, onConfirm }: CancelOrderDialogProps) {
  const headingId = useId();
  const reasonId = useId();
  const { register, handleSubmit, formState, reset, setValue } = useForm<CancelOrderForm>({
    resolver: zodResolver(cancelOrderFormSchema),
    defaultValues: { reason: "" },
  });
  const close = () => {
    reset();
    onClose();
  };
  const fieldError = formState.errors.reason?.message;
  return (
    <Dialog open={order !== null} onClose={close} labelledBy={headingId} dismissible={!busy} className="board-cancel">
      {order && (
        <form
          noValidate
          onSubmit={handleSubmit(({ reason }) => {
            onConfirm(order, reason);
          })}
        >
          <h2 id={headingId} className="board-cancel__title">
            Cancel order {orderNumber(order.id)}?
          </h2>
          <p className="board-cancel__hint">
            {order.paymentState === "paid"
              ? "The customer is refunded in full and gets an e-mail with your reason."
              : order.paymentState === "paid_at_counter"
                ? `The customer gets an e-mail with your reason. ${giveBackPrompt(order.totalCents)} at the counter: the board keeps it until you do.`
                : "The customer gets an e-mail with your reason."}
          </p>
          <fieldset className="board-cancel__presets">
            <legend className="field__label">Reason</legend>
            {CANCEL_REASON_PRESETS.map((preset) => (
              <button
                key={preset}
                type="button"
                className="btn board-cancel__preset"
                disabled={busy}
                onClick={() => setValue("reason", preset, { shouldValidate: formState.isSubmitted })}
              >
                {preset}
              </button>
            ))}
          </fieldset>
          <FormField id={reasonId} label="Reason (pick one above or write your own)" error={fieldError} announceError>
            {(control) => (
              <textarea
                {...control}
                className="board-cancel__reason"
                rows={3}
                maxLength={CANCEL_REASON_MAX_LENGTH}
                data-autofocus
                {...register("reason")}
              />
            )}
          </FormField>
          {error && (
            <p className="board-cancel__failure" role="alert">
              {error}
            </p>
          )}
          <div className="board-cancel__actions">
            <button type="button" className="btn" onClick={close} disabled={busy}>
              Keep order
            </button>
            <button type="submit" className="btn btn--danger" disabled={busy}>
              {busy ? "Cancelling…" : "Cancel order"}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
