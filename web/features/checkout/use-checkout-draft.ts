import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { checkoutFormSchema, type CheckoutForm, type PickupRequest } from "#common/forms/checkout";
import type { TipChoice } from "#common/tips";
import { useCartStore } from "#web/lib/cart-store";
import { NO_TIP } from "./tip-picker";

const AS_SOON_AS_POSSIBLE: PickupRequest = { mode: "asap" };

/**
 * The checkout as the shopper leaves it: the form (phone, pickup or delivery, address), the pickup
 * time and the tip, each kept with the cart the moment it changes, so a reload, a sign-in or a
 * failed attempt loses nothing.
 *
 * The account's phone fills the field only while the shopper has typed none: once they type one,
 * it is theirs, and neither the session answering later nor a sign-in replaces it. The account's
 * phone is never written into the kept draft, so a newer one on the account still fills an
 * untouched field.
 */
export function useCheckoutDraft(accountPhone: string) {
  const keep = useCartStore((state) => state.keepCheckoutDetails);
  // Read once, as the page opens: from then on the form holds what is typed.
  const [kept] = useState(() => useCartStore.getState().checkoutDetails);
  const phoneTyped = useRef(Boolean(kept?.phone));

  const form = useForm<CheckoutForm>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: {
      phone: kept?.phone || accountPhone,
      fulfilment: kept?.fulfilment ?? "pickup",
      street: kept?.street ?? "",
      zip: kept?.zip ?? "",
    },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { watch, getValues, setValue } = form;

  useEffect(() => {
    const subscription = watch(({ phone = "", fulfilment = "pickup", street = "", zip = "" }, { name, type }) => {
      // An input event is the shopper typing; setValue (the account's phone) is not.
      if (name === "phone" && type === "change") phoneTyped.current = true;
      keep({ phone: phoneTyped.current ? phone : "", fulfilment, street, zip });
    });
    return () => subscription.unsubscribe();
  }, [watch, keep]);

  // The session may answer after the page opens (GET /api/me, a sign-in on the way to ordering).
  useEffect(() => {
    if (phoneTyped.current || !accountPhone || getValues("phone") === accountPhone) return;
    setValue("phone", accountPhone);
  }, [accountPhone, getValues, setValue]);

  const pickup = useCartStore((state) => state.checkoutDetails?.pickup ?? AS_SOON_AS_POSSIBLE);
  const tipChoice = useCartStore((state) => state.checkoutDetails?.tip ?? NO_TIP);
  const setPickup = useCallback((next: PickupRequest) => keep({ pickup: next }), [keep]);
  const setTipChoice = useCallback((next: TipChoice) => keep({ tip: next }), [keep]);

  return { form, pickup, setPickup, tipChoice, setTipChoice };
}
