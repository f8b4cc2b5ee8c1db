import { useDeferredValue, useEffect, useId, useRef, useState, type RefObject } from "react";
import { useNavigate, useParams } from "react-router";
import { Link } from "#web/components/link";
import {
  CATEGORY_PARAM,
  effectivePriceCents,
  selectableSizes,
  SIZE_LABELS,
  type ProductSize,
  type Product,
} from "#common/catalog";
import { formatCents } from "#common/money";
import { ORDER_LIMITS } from "#common/order-limits";
import { errorMessage, queryClient } from "#web/lib/query-client";
import { usePageMeta } from "#web/lib/use-page-meta";
import { isRated, Rating } from "#web/components/rating";
import { NumberStepper } from "#web/components/stepper/number-stepper";
import { ApiRequestError } from "#web/lib/api-client";
import { useAuthGate } from "#web/lib/sign-in-gate/use-auth-gate";
import { useCartStore, type NewCartItem } from "#web/lib/cart-store";
import { useCategories } from "#web/lib/get-categories";
import { gradientStyle } from "#web/lib/gradient-style";
import { productQueryOptions, useProduct } from "./api/get-product";
import { Faq } from "./components/faq";
import { PriceTag } from "#web/components/price-tag/price-tag";
import { useSoldOut, SoldOutBadge } from "#web/components/shop-status/sold-out";
import { useShopStatus } from "#web/components/shop-status/shop-status-store";
import { pausedMessage } from "#common/hours/format";
import { isSoldOut } from "#common/availability";
import { availableDefaultIds, chosenOptions, groupSoldOut, selectionProblems } from "#common/modifiers";
import { cartLineIdWithOptions } from "#web/lib/cart-line";
import { useSoldOutOptions } from "#web/components/shop-status/sold-out-options";
import { ModifierGroups } from "./components/modifier-groups";
import { DrinkImage } from "#web/components/drink-image";

/** The same limit the order API enforces (one constant for both). */
export const NOTE_MAX_LENGTH = ORDER_LIMITS.maxNoteLength;

/**
 * Fetches the drink for a visit that lands on its page, so the first render draws the same
 * page the worker prerendered (web/prerender-catalog.tsx). A failure is left to the page.
 */
export async function loadProductData(categoryId: string, productId: string): Promise<void> {
  await queryClient.ensureQueryData(productQueryOptions(categoryId, productId));
}

export default function ProductPage() {
  const { categoryId = "", id = "" } = useParams();
  const product = useProduct(categoryId, id);
  // The query's answer arrives as an urgent update; drawing the drink from a deferred copy
  // lets React draw it in small slices instead of one long task on a busy phone.
  // (The copy can lag one drink behind after a move to another: show only the one asked for.)
  const deferred = useDeferredValue(product.data);
  const shown = deferred?.id === id ? deferred : undefined;
  usePageMeta(product.data?.name ?? "Drink", product.data?.description ?? "A fresh drink from the Squeeze menu.");

  const isMissing = product.error instanceof ApiRequestError && product.error.status === 404;
  let content;
  if (product.isError) {
    content = isMissing ? (
      <div className="product-missing">
        <h1>Product not found</h1>
        <p className="muted">This drink is not on the menu any more, or the link is wrong.</p>
        <Link className="btn btn--primary" to="/menu">
          Back to the menu
        </Link>
      </div>
    ) : (
      <div className="error-panel" role="alert">
        <p>Error: {errorMessage(product.error)}</p>
        <button type="button" className="btn btn--small" onClick={() => void product.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (!shown) {
    content = <ProductSkeleton />;
  } else {
    // Keyed so that moving to another drink starts with a fresh size and note.
    content = <ProductDetails key={shown.id} product={shown} />;
  }

  return (
    <div className="product-page">
      <div className="container product-page__inner">
        {!isMissing && <BackToMenu categoryId={categoryId} />}
        {content}
        <Faq />
      </div>
    </div>
  );
}

/** Back to the menu, on this drink's category when the menu already knows it. */
function BackToMenu({ categoryId }: { categoryId: string }) {
  const categories = useCategories();
  const slug = categories.data?.find((category) => category.id === categoryId)?.slug;
  return (
    <Link className="product-page__back" to={slug ? `/menu?${CATEGORY_PARAM}=${encodeURIComponent(slug)}` : "/menu"}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M15 6l-6 6 6 6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      Back to the menu
    </Link>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const sizes = selectableSizes(product);
  const [size, setSize] = useState<ProductSize>(sizes[0] ?? "default");
  const [sizeChosen, setSizeChosen] = useState(false);
  const [quantity, setQuantity] = useState<number>(ORDER_LIMITS.minQuantity);
  const [note, setNote] = useState("");
  const groups = product.modifierGroups ?? [];
  const soldOutOptions = useSoldOutOptions();
  const [chosenIds, setModifierIds] = useState<string[]>(() => availableDefaultIds(groups, soldOutOptions));
  // An option that runs out while the page is open drops out of the choice (a required group
  // then asks for another); one that can no longer be had leaves the drink unmakeable.
  const modifierIds = chosenIds.filter((id) => !soldOutOptions.has(id));
  const unmakeable = groupSoldOut(groups, soldOutOptions);
  // A required group left empty says so only once the shopper has tried to buy.
  const [triedToBuy, setTriedToBuy] = useState(false);
  const options = chosenOptions(groups, modifierIds);
  const problems = selectionProblems(groups, modifierIds);
  const requireSignIn = useAuthGate();
  const navigate = useNavigate();
  const noteId = useId();
  const noteHintId = useId();
  const sizeLegendId = useId();
  const actions = useRef<HTMLDivElement>(null);
  const actionsScrolledAway = useScrolledPast(actions);
  const price = product.pricesBySize[size];
  const unitCents = price
    ? effectivePriceCents(price) + options.reduce((sum, option) => sum + option.priceCents, 0)
    : 0;
  const totalCents = unitCents * quantity;

  const soldOut = useSoldOut();
  const sizeSoldOut = isSoldOut(soldOut, product.id, size);
  const firstSizeLeft = sizes.find((option) => !isSoldOut(soldOut, product.id, option));
  const store = useShopStatus((state) => state.status);
  const paused = store?.reason === "paused";
  const whyId = useId();
  // Why a button cannot be used, said beside it: a sold-out size, or ordering paused (Add to
  // Cart still keeps the drink for later then).
  const why = sizeSoldOut
    ? firstSizeLeft
      ? `${SIZE_LABELS[size]} is sold out today: choose another size.`
      : "Sold out today."
    : unmakeable
      ? `Sold out today: we have no ${unmakeable.name.toLocaleLowerCase("en-US")} left to make it with.`
      : paused
        ? `${pausedMessage(store.pausedUntil ? new Date(store.pausedUntil) : null, store.timeZone)}. Add to Cart keeps the drink in your cart for then.`
        : null;

  // Until the shopper picks a size, the one shown is one they can have.
  useEffect(() => {
    if (!sizeChosen && sizeSoldOut && firstSizeLeft) setSize(firstSizeLeft);
  }, [sizeChosen, sizeSoldOut, firstSizeLeft]);

  function chooseSize(option: ProductSize) {
    if (isSoldOut(soldOut, product.id, option)) return;
    setSize(option);
    setSizeChosen(true);
  }

  const cannotBuy = !price || sizeSoldOut || unmakeable !== undefined;

  function cartLine(): NewCartItem | null {
    if (cannotBuy) return null;
    if (problems.length > 0) {
      setTriedToBuy(true);
      // Take the shopper to the first group that still needs a choice.
      document.querySelector<HTMLInputElement>(`[data-group="${problems[0]!.groupId}"] input:not(:disabled)`)?.focus();
      return null;
    }
    const comment = note.trim();
    return {
      id: cartLineIdWithOptions(product.name, size, comment, options),
      productId: product.id,
      categoryId: product.categoryId,
      name: product.name,
      priceCents: unitCents,
      size,
      quantity,
      comment,
      image: product.image,
      ...(groups.length > 0 ? { options } : {}),
    };
  }

  /** What was added is in the cart: the page is ready for the next drink. */
  function startAfresh() {
    setNote("");
    setQuantity(ORDER_LIMITS.minQuantity);
    setModifierIds(availableDefaultIds(groups, soldOutOptions));
    setTriedToBuy(false);
  }

  function addToCart() {
    const item = cartLine();
    if (!item) return;
    requireSignIn(
      () => {
        useCartStore.getState().addItem(item);
        startAfresh();
        useCartStore.getState().open();
      },
      { kind: "add-to-cart", item, then: "open-cart" },
    );
  }

  function orderNow() {
    const item = cartLine();
    if (!item || paused) return;
    requireSignIn(
      () => {
        useCartStore.getState().addItem(item);
        startAfresh();
        navigate("/checkout");
      },
      { kind: "add-to-cart", item, then: "checkout" },
    );
  }

  return (
    <article className="product-details" style={gradientStyle(product.gradient)}>
      <div className="product-details__art">
        <DrinkImage src={product.image} alt={product.name} width={320} height={320} fetchPriority="high" />
      </div>

      <div className="product-details__info">
        <h1 className="product-details__name">{product.name}</h1>
        {isRated(product.rating) && (
          <div className="product-details__rating">
            <Rating value={product.rating} size={20} />
            <span className="muted" aria-hidden="true">
              {product.rating.toFixed(1)}
            </span>
          </div>
        )}
        <p className="product-details__description">{product.description}</p>
        <DrinkFacts product={product} />

        <p className="product-details__price" aria-live="polite" data-testid="drink-price">
          <PriceTag price={price} />
          {sizes.length > 0 && <span className="product-details__price-size">{SIZE_LABELS[size]}</span>}
          {sizeSoldOut && <SoldOutBadge className="product-details__sold-out" />}
        </p>

        {sizes.length > 0 && (
          <div className="size-picker" role="group" aria-labelledby={sizeLegendId}>
            <span id={sizeLegendId} className="size-picker__legend">
              Size
            </span>
            <div className="size-picker__options">
              {sizes.map((option) => {
                const optionSoldOut = isSoldOut(soldOut, product.id, option);
                return (
                  <button
                    key={option}
                    type="button"
                    className={`size-picker__option${option === size ? " size-picker__option--selected" : ""}${optionSoldOut ? " size-picker__option--sold-out" : ""}`}
                    aria-pressed={option === size}
                    aria-disabled={optionSoldOut || undefined}
                    onClick={() => chooseSize(option)}
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
        )}

        {groups.length > 0 && (
          <ModifierGroups
            groups={groups}
            selected={modifierIds}
            onChange={setModifierIds}
            soldOut={soldOutOptions}
            problems={triedToBuy ? problems : []}
          />
        )}

        <div className="product-details__quantity">
          <span className="size-picker__legend" aria-hidden="true">
            Quantity
          </span>
          <NumberStepper
            value={quantity}
            onChange={setQuantity}
            label={product.name}
            min={ORDER_LIMITS.minQuantity}
            max={ORDER_LIMITS.maxQuantity}
          />
        </div>

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
            onChange={(event) => setNote(event.target.value)}
          />
          <span id={noteHintId} className="field__hint">
            {note.length}/{NOTE_MAX_LENGTH} characters
          </span>
        </div>

        {groups.length > 0 && price && (
          <p className="product-details__total" aria-live="polite" data-testid="drink-total">
            <span>Your drink</span>
            <span>{formatCents(totalCents)}</span>
          </p>
        )}

        <div className="product-details__actions" ref={actions}>
          <button
            type="button"
            className="btn btn--primary btn--large"
            onClick={orderNow}
            disabled={cannotBuy}
            aria-disabled={paused || undefined}
            aria-describedby={why ? whyId : undefined}
          >
            Order Now
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--large"
            onClick={addToCart}
            disabled={cannotBuy}
            aria-describedby={sizeSoldOut || unmakeable ? whyId : undefined}
          >
            Add to Cart
          </button>
        </div>
        <p id={whyId} className="product-details__why" role="status">
          {why}
        </p>
      </div>

      {/* On a phone, once the buttons above have scrolled away, the same two stay at hand. */}
      <div className="buy-bar" hidden={!actionsScrolledAway || !price} data-testid="buy-bar">
        <button type="button" className="btn btn--ghost buy-bar__add" onClick={addToCart} disabled={cannotBuy}>
          Add to Cart · {formatCents(totalCents)}
        </button>
        <button
          type="button"
          className="btn btn--primary buy-bar__order"
          onClick={orderNow}
          disabled={cannotBuy}
          aria-disabled={paused || undefined}
          aria-describedby={why ? whyId : undefined}
        >
          Order Now
        </button>
      </div>
    </article>
  );
}

/** Ingredients and nutrition, each shown only when the menu has it. */
function DrinkFacts({ product }: { product: Product }) {
  if (product.ingredients.length === 0 && !product.nutrition) return null;
  return (
    <dl className="drink-facts">
      {product.ingredients.length > 0 && (
        <div className="drink-facts__row">
          <dt>Ingredients</dt>
          <dd>{capitalize(product.ingredients.join(", "))}</dd>
        </div>
      )}
      {product.nutrition && (
        <div className="drink-facts__row">
          <dt>Nutrition</dt>
          <dd>{product.nutrition}</dd>
        </div>
      )}
    </dl>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Whether `target` has scrolled up out of view (behind the sticky header, or above). Below the
 * fold does not count: the shopper has not reached it yet. Never true while rendering on the
 * server, which has no window.
 */
const BELOW_THE_FOLD_PX = 100_000;

function useScrolledPast(target: RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    // The observed area starts under the sticky header and reaches far below the window, so
    // "not intersecting" means gone up behind the header: a fling that jumps from below the
    // fold to past the top still counts as a change.
    const header = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--header-height")) || 0;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry) setPast(!entry.isIntersecting && entry.boundingClientRect.bottom <= header);
      },
      { rootMargin: `-${header}px 0px ${BELOW_THE_FOLD_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return past;
}

function ProductSkeleton() {
  return (
    <div className="product-details product-details--skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading the drink…
      </p>
      <div className="product-details__art skeleton" aria-hidden="true" />
      <div className="product-details__info" aria-hidden="true">
        <span className="skeleton skeleton--text" style={{ width: "70%", height: "2.4em" }} />
        <span className="skeleton skeleton--text" style={{ width: "35%" }} />
        <span className="skeleton skeleton--text" style={{ width: "95%" }} />
        <span className="skeleton skeleton--text" style={{ width: "80%" }} />
        <span className="skeleton" style={{ width: "100%", height: 120, marginTop: 16 }} />
      </div>
    </div>
  );
}
