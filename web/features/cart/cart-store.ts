// zod/mini: the stores load with the first page, so they use the small build of zod.
import * as z from "zod/mini";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** One line of the cart. Its id is the drink's name plus its size, so each size is its own line. */
export interface CartItem {
  id: string;
  productId: string;
  categoryId: string;
  name: string;
  /** What one unit costs, in cents: the discounted price when the drink has one. */
  priceCents: number;
  size: string;
  quantity: number;
  comment: string;
  image: string;
}

export type NewCartItem = Omit<CartItem, "quantity"> & { quantity?: number };

export interface CartState {
  isOpen: boolean;
  items: CartItem[];
  toggle(): void;
  open(): void;
  close(): void;
  /** A new id adds a line; an id already in the cart raises that line's quantity by the added amount. */
  addItem(item: NewCartItem): void;
  setQuantity(id: string, quantity: number): void;
  removeItem(id: string): void;
  clear(): void;
}

/** The spec's line id: name plus size ("Sunrise Orange small"; a drink without sizes uses "default"). */
export function cartLineId(name: string, size: string): string {
  return `${name} ${size}`;
}

/** Total in cents: the sum of price times quantity. */
export function cartTotalCents(items: readonly Pick<CartItem, "priceCents" | "quantity">[]): number {
  return items.reduce((total, item) => total + item.priceCents * item.quantity, 0);
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

// localStorage is outside input: whatever is there is checked before the cart trusts it.
const storedItemSchema = z.object({
  id: z.string().check(z.minLength(1)),
  productId: z.string(),
  categoryId: z.string(),
  name: z.string(),
  priceCents: z.int().check(z.nonnegative()),
  size: z.string(),
  quantity: z.int().check(z.gte(MIN_QUANTITY)),
  comment: z.string(),
  image: z.string(),
});
const storedCartSchema = z.object({ items: z.array(storedItemSchema) });

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
          if (!existing) return { items: [...state.items, { ...item, quantity: added }] };
          return {
            items: state.items.map((line) =>
              line.id === item.id
                ? // The latest note wins, but adding again without a note keeps the earlier one.
                  { ...line, quantity: line.quantity + added, comment: item.comment || line.comment }
                : line,
            ),
          };
        }),
      setQuantity: (id, quantity) =>
        set((state) => ({
          items: state.items.map((line) =>
            line.id === id ? { ...line, quantity: Math.max(wholeQuantity(quantity, line.quantity), MIN_QUANTITY) } : line,
          ),
        })),
      removeItem: (id) => set((state) => ({ items: state.items.filter((line) => line.id !== id) })),
      clear: () => set({ items: [] }),
    }),
    {
      name: CART_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // Only the lines survive a reload; the drawer always starts closed.
      partialize: (state) => ({ items: state.items }),
      merge: (persisted, current) => {
        const parsed = storedCartSchema.safeParse(persisted);
        return parsed.success ? { ...current, items: parsed.data.items } : current;
      },
    },
  ),
);
