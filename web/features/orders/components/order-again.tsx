import { useState } from "react";
import { sizeLabel } from "#common/catalog";
import { formatCents } from "#common/money";
import { leftOutText, type OrderAgainLine, type OrderAgainResponse } from "#common/order-again";
import { withOptionNames } from "#common/modifiers";
import { cartLineIdWithOptions } from "#web/lib/cart-line";
import { useCartStore } from "#web/lib/cart-store";
import { useChosenShop } from "#web/shared-features/shop-picker/use-chosen-shop";
import { errorMessage } from "#web/lib/query-client";
import { useOrderAgain } from "#web/features/orders/api/get-order-again";

function lineName(line: Pick<OrderAgainLine, "name" | "size" | "options">): string {
  return withOptionNames(line.size === "default" ? line.name : `${line.name} (${sizeLabel(line.size)})`, line.options);
}

/**
 * What the shopper is told once the cart is filled: how many went in (at which shop's prices, when
 * there are several), what did not and why, what costs more or less than it did.
 */
function outcomeLines({ lines, leftOut }: OrderAgainResponse, shopName: string | null, promoCodes: string[]): string[] {
  const drinks = lines.reduce((count, line) => count + line.quantity, 0);
  const prices = shopName ? `${shopName}'s prices today` : "today's prices";
  return [
    drinks > 0
      ? `Added ${drinks} ${drinks === 1 ? "drink" : "drinks"} to your cart at ${prices}.`
      : `None of these drinks can be ordered ${shopName ? `at ${shopName} ` : ""}today.`,
    ...leftOut.map((item) => `Left out: ${leftOutText(item)}.`),
    ...lines
      .filter((line) => line.unitPriceCents !== line.previousUnitPriceCents)
      .map(
        (line) =>
          `${lineName(line)} is ${formatCents(line.unitPriceCents)} now (was ${formatCents(line.previousUnitPriceCents)}).`,
      ),
    // A code's limits are per order: the new order is priced without it until the shopper enters one.
    ...(drinks > 0 && promoCodes.length > 0
      ? [`Promo codes are not carried over (this order had ${promoCodes.join(", ")}).`]
      : []),
  ];
}

/**
 * "Order again": the same drinks, sizes, options and notes into the cart at today's prices, leaving out
 * what is no longer sold and saying so; the cart opens for the shopper to check out as usual. The
 * order's promo codes stay behind, and it says so.
 */
export function OrderAgain({ orderId, promoCodes = [] }: { orderId: string; promoCodes?: string[] }) {
  const orderAgain = useOrderAgain();
  const shopName = useChosenShop()?.shop?.name ?? null;
  const [outcome, setOutcome] = useState<string[] | null>(null);

  async function fillCart() {
    setOutcome(null);
    let answer: OrderAgainResponse;
    try {
      answer = await orderAgain.mutateAsync(orderId);
    } catch (error) {
      setOutcome([`Error: ${errorMessage(error)}`]);
      return;
    }
    const cart = useCartStore.getState();
    for (const line of answer.lines) {
      cart.addItem({
        id: cartLineIdWithOptions(line.name, line.size, line.note, line.options),
        productId: line.productId,
        categoryId: line.categoryId,
        name: line.name,
        priceCents: line.unitPriceCents,
        size: line.size,
        quantity: line.quantity,
        comment: line.note,
        image: line.image,
        options: line.options,
      });
    }
    setOutcome(outcomeLines(answer, shopName, promoCodes));
    if (answer.lines.length > 0) cart.open();
  }

  return (
    <div className="order-again">
      <button
        type="button"
        className="btn btn--small"
        onClick={() => void fillCart()}
        disabled={orderAgain.isPending}
        aria-busy={orderAgain.isPending}
      >
        Order again
      </button>
      <div role="status" className="order-again__outcome" data-testid="order-again-outcome">
        {outcome?.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>
    </div>
  );
}
