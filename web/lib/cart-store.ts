import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { sizeLabel } from "#common/catalog";
import { FULFILMENT_METHODS, type FulfilmentMethod } from "#common/fulfilment";
import type { PickupRequest } from "#common/forms/checkout";
import type { ModifierOption } from "#common/modifiers";
import { TIP_PERCENTS, type TipChoice, type TipPercent } from "#common/tips";
import { CART_LINE_UNAVAILABLE, type CartLineUnavailable } from "#common/cart-prices";
import { isIntegerAtLeast, isRecord, isString } from "./guards";
import { currentShopId } from "./shop-store";

/**
 * One line of the cart. Its id is the drink's name plus its size, the options that differ from
 * the defaults, and its note when it has one: each size is its own line, and so is each distinct
 * set of options and each distinct note (docs/decisions/0006-cart-lines-keep-notes.md, 0016).
 */
export interface CartItem {
  id: string;
  productId: string;
  categoryId: string;
  name: string;
  /** What one unit costs, in cents: the sale price when the drink has one, plus its options. */
  priceCents: number;
  size: string;
  quantity: number;
  comment: string;
  image: string;
  /** The add-on options chosen, defaults included; absent on a line saved before add-ons (the server then uses the defaults). */
  options?: ModifierOption[];
  /** Why the cart's shop cannot make this line (set when the cart moved to another shop); absent when it can. */
  unavailable?: CartLineUnavailable;
}

/** What POST /api/cart-prices said of one line at a shop: its price there, or why it cannot be made there. */
export type LinePriceAtShop = { unitPriceCents: number } | { unavailable: CartLineUnavailable };

/**
 * What the shopper typed or chose at checkout, kept with the cart so that a reload, a sign-in or a
 * failed attempt loses nothing. Never a card detail: those are typed on Stripe's page.
 */
export interface CheckoutDetails {
  /** The phone the shopper typed; empty while the field only holds the account's phone (which then fills it). */
  phone: string;
  fulfilment: FulfilmentMethod;
  street: string;
  zip: string;
  /** When to pick up, as chosen for this cart; absent is "as soon as possible". */
  pickup?: PickupRequest;
  /** The tip chosen for this cart; absent is no tip. */
  tip?: TipChoice;
  /** The promo code applied to this cart, as the server checks it (upper-case); absent is none. */
  promoCode?: string;
}

const NO_CHECKOUT_DETAILS: CheckoutDetails = { phone: "", fulfilment: "pickup", street: "", zip: "" };

export type NewCartItem = Omit<CartItem, "quantity"> & { quantity?: number };

export interface CartState {
  isOpen: boolean;
  items: CartItem[];
  toggle(): void;
  open(): void;
  close(): void;
  /**
   * A new id adds a line; an id already in the cart raises that line's quantity by the added
   * amount. The same drink and size with another note is another id, so no note is ever lost.
   */
  addItem(item: NewCartItem): void;
  setQuantity(id: string, quantity: number): void;
  removeItem(id: string): void;
  /** Empties the cart; the pickup time and tip chosen for it go with it, the phone and address stay. */
  clear(): void;
  checkoutDetails: CheckoutDetails | null;
  /** Keeps the given fields of what was typed at checkout, the others as they were. */
  keepCheckoutDetails(details: Partial<CheckoutDetails>): void;
  /**
   * The shop whose prices the lines carry (null: the default shop). A cart belongs to one shop:
   * when the chosen shop is another, the lines are priced again there (web/shared-features/shop-picker/reprice-cart.ts).
   */
  shopId: string | null;
  /**
   * The lines priced at `shopId`: `prices` answers each line of `items` (as they were when asked), in
   * order. A line the shop cannot make is marked, never dropped: the shopper removes it.
   */
  priceAtShop(shopId: string | null, lines: readonly CartItem[], prices: readonly LinePriceAtShop[]): void;
}

/**
 * A line's id: the spec's name plus size ("Sunrise Orange small"; a drink without sizes uses
 * "default"), followed by the note when there is one ("Sunrise Orange small · no ice"). A line
 * without a note keeps exactly the spec's id. The drink page adds the options that differ from
 * the defaults ("… + opt-milk-oat", common/modifiers.ts optionsKey).
 */
export function cartLineId(name: string, size: string, note = ""): string {
  const trimmed = note.trim();
  return trimmed ? `${name} ${size} · ${trimmed}` : `${name} ${size}`;
}

/**
 * How a line is named to people and screen readers: "Berry Blast (Small)", with its note when it
 * has one; the cart's views add its options (withOptionNames in common/modifiers.ts).
 */
export function cartLineLabel(item: Pick<CartItem, "name" | "size" | "comment">): string {
  return item.comment
    ? `${item.name} (${sizeLabel(item.size)}, “${item.comment}”)`
    : `${item.name} (${sizeLabel(item.size)})`;
}

/** How many drinks are in the cart: the sum of the quantities. */
export function cartCount(items: readonly Pick<CartItem, "quantity">[]): number {
  return items.reduce((count, item) => count + item.quantity, 0);
}

export const MIN_QUANTITY = 1;
export const CART_STORAGE_KEY = "squeeze:cart";

function wholeQuantity(quantity: number | undefined, fallback: number): number {
  return Number.isFinite(quantity) ? Math.trunc(quantity as number) : fallback;
}

/**
 * A cart line as outside input describes it (a saved cart, a remembered "add to cart"), or
 * null when it is not one. Only the known fields are kept; `quantity` may be left out, but
 * when present it is a whole number of at least 1, like the price is a whole number of cents.
 */
export function readNewCartItem(value: unknown): NewCartItem | null {
  if (!isRecord(value)) return null;
  const { id, productId, categoryId, name, priceCents, size, quantity, comment, image, options, unavailable } = value;
  if (!isString(id) || id.length === 0) return null;
  if (!isString(productId) || !isString(categoryId) || !isString(name) || !isString(size)) return null;
  if (!isString(comment) || !isString(image) || !isIntegerAtLeast(priceCents, 0)) return null;
  if (quantity !== undefined && !isIntegerAtLeast(quantity, MIN_QUANTITY)) return null;
  // The server checks each option again; here the options only have to be a list of records.
  if (options !== undefined && !(Array.isArray(options) && options.every(isRecord))) return null;
  const item: NewCartItem = { id, productId, categoryId, name, priceCents, size, comment, image };
  if (quantity !== undefined) item.quantity = quantity;
  if (options) item.options = options as unknown as ModifierOption[];
  if ((CART_LINE_UNAVAILABLE as readonly unknown[]).includes(unavailable))
    item.unavailable = unavailable as CartLineUnavailable;
  return item;
}

/**
 * localStorage is outside input: the saved lines, or null when any of them is not a valid line.
 * Ids are worked out again from name, size and note, so a cart saved when lines were keyed by
 * name and size alone keeps each note on its own line.
 */
function readStoredCart(value: unknown): { items: CartItem[] } | null {
  if (!isRecord(value) || !Array.isArray(value.items)) return null;
  const items: CartItem[] = [];
  for (const entry of value.items) {
    const item = readNewCartItem(entry);
    if (!item || item.quantity === undefined) return null;
    // A line with options was saved with the drink page's id, which names them.
    const id = item.options ? item.id : cartLineId(item.name, item.size, item.comment);
    const same = items.find((line) => line.id === id);
    if (same) same.quantity += item.quantity;
    else items.push({ ...item, id, quantity: item.quantity });
  }
  return { items };
}

const MAX_STORED_DETAIL_LENGTH = 200;

const isShortString = (value: unknown): value is string => isString(value) && value.length <= MAX_STORED_DETAIL_LENGTH;

/** A kept pickup choice: "as soon as possible", or a slot's start as an ISO instant (the server checks it again). */
function readPickupChoice(value: unknown): PickupRequest | undefined {
  if (!isRecord(value)) return undefined;
  if (value.mode === "asap") return { mode: "asap" };
  const { startsAt } = value;
  if (value.mode !== "slot" || !isShortString(startsAt) || Number.isNaN(Date.parse(startsAt))) return undefined;
  return { mode: "slot", startsAt };
}

/** A kept tip choice: none, one of the offered percentages, or an amount as typed (the checkout checks it again). */
function readTipChoice(value: unknown): TipChoice | undefined {
  if (!isRecord(value)) return undefined;
  if (value.kind === "none") return { kind: "none" };
  if (value.kind === "percent" && TIP_PERCENTS.some((percent) => percent === value.percent))
    return { kind: "percent", percent: value.percent as TipPercent };
  if (value.kind === "custom" && isString(value.dollars) && value.dollars.length <= 20)
    return { kind: "custom", dollars: value.dollars };
  return undefined;
}

/**
 * Saved checkout details are outside input too: kept only when every field is a short string of
 * the right kind; a pickup time or tip that is not one of the page's choices is dropped on its own.
 */
function readCheckoutDetails(value: unknown): CheckoutDetails | null {
  if (!isRecord(value)) return null;
  const { phone, fulfilment, street, zip } = value;
  if (![phone, street, zip].every(isShortString)) return null;
  if (!(FULFILMENT_METHODS as readonly unknown[]).includes(fulfilment)) return null;
  const details = { phone, street, zip, fulfilment } as CheckoutDetails;
  const pickup = readPickupChoice(value.pickup);
  const tip = readTipChoice(value.tip);
  if (pickup) details.pickup = pickup;
  if (tip) details.tip = tip;
  if (isShortString(value.promoCode) && value.promoCode !== "") details.promoCode = value.promoCode;
  return details;
}

export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      isOpen: false,
      items: [],
      toggle: () => set((state) => ({ isOpen: !state.isOpen })),
      open: () => set({ isOpen: true }),
      close: () => set({ isOpen: false }),
      addItem: ({ quantity, ...item }) =>
        set((state) => {
          const added = Math.max(wholeQuantity(quantity, 1), MIN_QUANTITY);
          const existing = state.items.find((line) => line.id === item.id);
          // An empty cart takes the chosen shop: the drink was priced there.
          if (state.items.length === 0) return { items: [{ ...item, quantity: added }], shopId: currentShopId() };
          if (!existing) return { items: [...state.items, { ...item, quantity: added }] };
          return {
            items: state.items.map((line) =>
              line.id === item.id ? { ...line, quantity: line.quantity + added } : line,
            ),
          };
        }),
      setQuantity: (id, quantity) =>
        set((state) => ({
          items: state.items.map((line) =>
            line.id === id
              ? { ...line, quantity: Math.max(wholeQuantity(quantity, line.quantity), MIN_QUANTITY) }
              : line,
          ),
        })),
      removeItem: (id) => set((state) => ({ items: state.items.filter((line) => line.id !== id) })),
      clear: () =>
        set((state) => {
          if (!state.checkoutDetails) return { items: [] };
          const { pickup: _pickup, tip: _tip, promoCode: _promoCode, ...details } = state.checkoutDetails;
          return { items: [], checkoutDetails: details };
        }),
      shopId: null,
      priceAtShop: (shopId, lines, prices) =>
        set((state) => ({
          shopId,
          items: state.items.map((item) => {
            const index = lines.findIndex((line) => line.id === item.id);
            const price = index >= 0 ? prices[index] : undefined;
            if (!price) return item;
            const { unavailable: _was, ...rest } = item;
            return "unitPriceCents" in price
              ? { ...rest, priceCents: price.unitPriceCents }
              : { ...rest, unavailable: price.unavailable };
          }),
        })),
      checkoutDetails: null,
      keepCheckoutDetails: (details) =>
        set((state) => ({ checkoutDetails: { ...(state.checkoutDetails ?? NO_CHECKOUT_DETAILS), ...details } })),
    }),
    {
      name: CART_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // The lines and what was typed at checkout survive a reload; the drawer always starts closed.
      partialize: (state) => ({ items: state.items, checkoutDetails: state.checkoutDetails, shopId: state.shopId }),
      merge: (persisted, current) => {
        const stored = readStoredCart(persisted);
        const checkoutDetails = isRecord(persisted) ? readCheckoutDetails(persisted.checkoutDetails) : null;
        const shopId = isRecord(persisted) && isShortString(persisted.shopId) ? persisted.shopId : null;
        return stored ? { ...current, items: stored.items, checkoutDetails, shopId } : current;
      },
    },
  ),
);
