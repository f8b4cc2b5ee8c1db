import type { ReactNode } from "react";
import { Link } from "#web/components/link";
import { brand } from "#web/config/brand";
import { phoneHref } from "#common/shop-details";
import { deliveryAnswer } from "#web/config/shop-words";
import { useShopDetails } from "#web/shared-features/shop-picker/use-shop-details";
import { usePaymentMethods } from "#web/shared-features/payment-methods/api/get-payment-methods";

export interface FaqEntry {
  question: string;
  /** The answer, or how to draw it given whether it is open (an answer that asks the API waits until then). */
  answer: ReactNode | ((isOpen: boolean) => ReactNode);
}

/** The spec's seven topics, answered as this shop actually works. */
export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    question: "How do I place an order?",
    answer: (
      <p>
        Pick a drink from the <Link to="/menu">menu</Link>, choose a size, add a note if you like, then tap Add to Cart
        or Order Now. At checkout you confirm your phone number and we start pressing. Ordering needs a quick, one-tap
        sign-in with Google or Apple so we know whose order it is.
      </p>
    ),
  },
  {
    question: "Do I need an account?",
    answer: (
      <p>
        Not to look around: browsing the menu, sending us a message and applying for a franchise need no account at all.
        To order, you sign in with one tap using your Google or Apple account; there is no separate Squeeze account to
        create and no form to fill in.
      </p>
    ),
  },
  {
    question: "Which payment methods do you accept?",
    answer: (isOpen) => <PaymentAnswer isOpen={isOpen} />,
  },
  {
    question: "How do I reset my password?",
    answer: (
      <p>
        You don&apos;t need to: Squeeze has no passwords. You sign in with Google or Apple, so if you can&apos;t get
        into that account, recover it with Google or Apple and then sign in here as usual.
      </p>
    ),
  },
  {
    question: "Can I order from my phone?",
    answer: (
      <p>
        Yes. The whole shop works in the browser on any phone, tablet or computer, and you can install it as an app:
        choose Install app (or Add to Home Screen on an iPhone) in your browser&apos;s menu. It then opens from your
        home screen like any app, and can tell you when your order is ready.
      </p>
    ),
  },
  {
    question: "How do I contact support?",
    answer: (
      <p>
        Send us a message from the <Link to="/contact">contact page</Link> or call us at <ShopPhone />.
      </p>
    ),
  },
  {
    question: "How long does delivery take?",
    answer: <DeliveryAnswer />,
  },
];

/** The chosen shop's phone, else the business's. */
function ShopPhone() {
  const shop = useShopDetails();
  return shop ? <a href={phoneHref(shop.phone)}>{shop.phone}</a> : <a href={brand.phone.href}>{brand.phone.display}</a>;
}

/** Delivery as the chosen shop offers it: promised only where it delivers. */
function DeliveryAnswer() {
  return <p>{deliveryAnswer(useShopDetails())}</p>;
}

/**
 * What this shop accepts now, asked of the worker once the answer is opened (and again on a later
 * opening once the answer is half a minute old), so turning card payment on or off shows here.
 */
function PaymentAnswer({ isOpen }: { isOpen: boolean }) {
  const methods = usePaymentMethods(isOpen);
  if (methods.data?.accepts === "card") {
    return (
      <p>
        We take cards: you pay securely online at checkout, tip included, and your order is confirmed as soon as the
        payment goes through.
      </p>
    );
  }
  if (methods.data?.accepts === "on_pickup") {
    return (
      <p>
        You pay at the counter when you pick up your order, or at the door when we deliver it; nothing is charged
        online. Placing the order only needs your phone number.
      </p>
    );
  }
  if (methods.isError) return <p>How you pay is shown at checkout, before you place your order.</p>;
  return (
    <p className="muted" role="status">
      Checking how this shop takes payment…
    </p>
  );
}
