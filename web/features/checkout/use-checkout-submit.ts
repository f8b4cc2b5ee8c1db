import { useRef, type FormEvent } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { CheckoutForm } from "#common/forms/checkout";
import { isOutsideDeliveryArea, type DeliveryArea } from "#common/fulfilment";
import type { usePlaceOrder } from "./use-place-order";

interface CheckoutSubmitInput {
  form: UseFormReturn<CheckoutForm>;
  area: DeliveryArea | undefined;
  ordering: ReturnType<typeof usePlaceOrder>;
  /** The cart lines that cannot be ordered, in the cart's order. */
  problemLineIds: string[];
  requireSignIn(action: () => void): void;
}

/**
 * The Checkout button: a line that cannot be ordered, or an address outside the delivery area,
 * takes the shopper to it; otherwise the order goes, signed in first if the session lapsed.
 * `linesRef` is the summary's list of lines.
 */
export function useCheckoutSubmit({ form, area, ordering, problemLineIds, requireSignIn }: CheckoutSubmitInput) {
  const linesRef = useRef<HTMLUListElement>(null);

  const submitOrder = form.handleSubmit((values) => {
    if (values.fulfilment === "delivery" && isOutsideDeliveryArea(area, values.zip ?? "")) {
      form.setFocus("zip");
      return;
    }
    // Normally signed in already (the cart is gated); a session that lapsed signs in first.
    requireSignIn(() => void ordering.placeOrder(values));
  });
  const onCheckout = (event: FormEvent<HTMLFormElement>) => {
    // A line that cannot be ordered says so under itself; the way out is its Remove button.
    if (problemLineIds.length > 0) {
      event.preventDefault();
      const line = [...(linesRef.current?.children ?? [])].find(
        (element) => element.getAttribute("data-line-id") === problemLineIds[0],
      );
      line?.querySelector<HTMLButtonElement>(".remove-line-button")?.focus();
      return;
    }
    void submitOrder(event);
  };

  return { linesRef, onCheckout };
}
