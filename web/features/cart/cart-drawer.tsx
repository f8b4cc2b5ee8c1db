import { useNavigate } from "react-router";
import { sizeLabel } from "#common/catalog";
import { optionsSummary, withOptionNames } from "#common/modifiers";
import { formatCents } from "#common/money";
import { Dialog } from "#web/components/dialog/dialog";
import { cartLineLabel, useCartStore, type CartItem } from "#web/lib/cart-store";
import { cartTotalCents } from "#web/lib/cart-total";
import { orderTotalCents } from "#common/order-total";
import { CartDiscountLine } from "#web/shared-features/cart-discount/cart-discount-line";
import { useCartDiscount } from "#web/shared-features/cart-discount/use-cart-discount";
import { QuantityStepper, RemoveLineButton } from "#web/components/quantity-stepper/quantity-stepper";
import { CartShopLine, CartShopNotice, UnavailableLine } from "#web/shared-features/shop-picker/cart-shop";
import "./cart.css";
import { DrinkImage } from "#web/components/drink-image";

const TITLE_ID = "cart-drawer-title";

/** The cart as a drawer from the right; the layout mounts it once and the cart store opens it. */
export function CartDrawer() {
  const isOpen = useCartStore((state) => state.isOpen);
  const items = useCartStore((state) => state.items);
  const close = useCartStore((state) => state.close);
  const navigate = useNavigate();

  function leaveTo(path: string) {
    close();
    navigate(path);
  }

  return (
    <Dialog open={isOpen} onClose={close} labelledBy={TITLE_ID} variant="drawer" className="cart-drawer">
      <div className="cart-drawer__header">
        <h2 id={TITLE_ID} className="cart-drawer__title">
          Cart
        </h2>
        <button type="button" className="icon-button" aria-label="Close cart" onClick={close}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </button>
      </div>

      <div className="cart-drawer__shop">
        <CartShopLine beforeOpen={close} />
        <CartShopNotice items={items} />
      </div>

      {items.length === 0 ? (
        <div className="cart-drawer__empty">
          <svg className="cart-drawer__empty-art" viewBox="0 0 120 120" aria-hidden="true">
            <circle className="cart-empty-art__disc" cx="60" cy="60" r="56" />
            <path className="cart-empty-art__cup" d="M40 38h40l-5 56a6 6 0 0 1-6 5H51a6 6 0 0 1-6-5z" />
            <path className="cart-empty-art__straw" d="M63 38l8-20" />
            <path className="cart-empty-art__line" d="M45 58h30" />
          </svg>
          <p>Your cart is empty.</p>
          <button type="button" className="btn btn--primary" onClick={() => leaveTo("/menu")}>
            Go Shopping
          </button>
        </div>
      ) : (
        <>
          <ul role="list" className="cart-drawer__lines">
            {items.map((item) => (
              <CartLine key={item.id} item={item} />
            ))}
          </ul>
          <div className="cart-drawer__footer">
            <CartDrawerTotal items={items} active={isOpen} />
            <button
              type="button"
              className="btn btn--primary btn--large btn--block"
              onClick={() => leaveTo("/checkout")}
              disabled={items.some((item) => item.unavailable)}
            >
              Checkout
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const removeItem = useCartStore((state) => state.removeItem);
  const what = withOptionNames(cartLineLabel(item), item.options);
  const options = optionsSummary(item.options);
  return (
    <li className="cart-line">
      <DrinkImage className="cart-line__image" src={item.image} alt="" width={64} height={64} />
      <div className="cart-line__info">
        <p className="cart-line__name">{item.name}</p>
        <p className="cart-line__meta">
          <span className="cart-line__price">{formatCents(item.priceCents)}</span>
          <span aria-hidden="true"> · </span>
          <span>
            <span className="visually-hidden">Size: </span>
            {sizeLabel(item.size)}
          </span>
        </p>
        {options && <p className="cart-line__options">{options}</p>}
        {item.comment && <p className="cart-line__comment">“{item.comment}”</p>}
        <UnavailableLine item={item} className="cart-line__unavailable" />
        <div className="cart-line__quantity">
          <QuantityStepper item={item} label={what} />
        </div>
      </div>
      <RemoveLineButton label={`Remove ${what} from cart`} onRemove={() => removeItem(item.id)} />
    </li>
  );
}

/** The drinks' total, after the promo code kept with the cart when the server says it applies. */
function CartDrawerTotal({ items, active }: { items: CartItem[]; active: boolean }) {
  const { discount, refusal } = useCartDiscount({ active });
  const applied = discount && !refusal && discount.amountCents > 0 ? discount : null;
  const totalCents = orderTotalCents({
    subtotalCents: cartTotalCents(items),
    discountCents: applied?.amountCents ?? 0,
    deliveryFeeCents: 0,
    tipCents: 0,
  });
  return (
    <>
      {applied && <CartDiscountLine discount={applied} className="cart-drawer__discount" />}
      <p className="cart-drawer__total">
        <span>Total</span>
        <span data-testid="cart-total">{formatCents(totalCents)}</span>
      </p>
    </>
  );
}
