/** The menu as the API returns it: shared by the worker (producer) and the SPA (consumer). */
import type { ModifierGroup } from "./modifiers";

/** The sizes a shopper picks from, in the order they are always shown. */
export const SELECTABLE_SIZES = ["small", "medium", "large"] as const;
export type SelectableSize = (typeof SELECTABLE_SIZES)[number];
/** Every size a drink can be priced in: a drink without a size choice is sold as "default". */
export const PRODUCT_SIZES = [...SELECTABLE_SIZES, "default"] as const;
export type ProductSize = (typeof PRODUCT_SIZES)[number];

export interface Price {
  priceCents: number;
  /**
   * The drink's sale price, or null. The API's field keeps this name, as the column does: the menu's
   * answers are kept offline by shoppers' browsers and read by other clients (docs/architecture.md, Words).
   */
  discountedPriceCents: number | null;
}

export interface Category {
  id: string;
  label: string;
  slug: string;
  image: string;
}

export interface Product {
  id: string;
  categoryId: string;
  name: string;
  image: string;
  description: string;
  rating: number;
  /** Two CSS colours that tint the drink's card: [from, to]. */
  gradient: [string, string];
  order: number;
  sizeSelection: boolean;
  pricesBySize: Partial<Record<ProductSize, Price>>;
  /** The main ingredients, most important first ("orange", "ginger"); may be empty. */
  ingredients: string[];
  /** A short nutrition line ("110 kcal · 22 g sugar · 2 g protein (small)"), or null when not known. */
  nutrition: string | null;
  /** Among the popular drinks the home page shows. */
  featured: boolean;
  /** The add-on groups a line of this drink chooses from, in display order (may be empty). */
  modifierGroups: ModifierGroup[];
}

export interface FranchiseSettings {
  id: string;
  royaltyFees: [number, number, number];
  adFees: [number, number, number];
  netWorth: string[];
  liquidCapitals: string[];
}

/** The menu's address names the category it shows: `/menu?category=<slug>`. */
export const CATEGORY_PARAM = "category";

/**
 * The category the menu shows: the one the address asks for, or the first one when it asks
 * for none or for one that does not exist. The worker's prerender and the app use the same rule.
 */
export function selectCategory<T extends Pick<Category, "slug">>(
  categories: readonly T[],
  slug: string | null,
): T | undefined {
  return categories.find((category) => category.slug === slug) ?? categories[0];
}

/** A price's sale price when it has a real one (lower than the price), else null. */
export function salePriceCents(price: Price): number | null {
  return price.discountedPriceCents !== null && price.discountedPriceCents < price.priceCents
    ? price.discountedPriceCents
    : null;
}

/** What a shopper pays for one unit: the sale price when there is a real one, else the price. */
export function effectivePriceCents(price: Price): number {
  return salePriceCents(price) ?? price.priceCents;
}

/** The price a menu card shows: the small size when the drink has sizes, else the default. */
export function menuCardPrice(product: Pick<Product, "sizeSelection" | "pricesBySize">): Price | undefined {
  return product.sizeSelection ? product.pricesBySize.small : product.pricesBySize.default;
}

/** Whether the sizes a shopper can pick cost different amounts (the menu then says "from"). */
export function sizesDifferInPrice(product: Pick<Product, "sizeSelection" | "pricesBySize">): boolean {
  const prices = selectableSizes(product).map((size) => effectivePriceCents(product.pricesBySize[size]!));
  return new Set(prices).size > 1;
}

/** The sizes a shopper can pick, always small, medium, large in that order, never "default". */
export function selectableSizes(product: Pick<Product, "sizeSelection" | "pricesBySize">): SelectableSize[] {
  if (!product.sizeSelection) return [];
  return SELECTABLE_SIZES.filter((size) => product.pricesBySize[size] !== undefined);
}

/** How each size reads to people: on the drink's page, in the cart, at checkout, in order history, on the board and in e-mails. */
export const SIZE_LABELS: Record<ProductSize, string> = {
  small: "Small",
  medium: "Medium",
  large: "Large",
  default: "One size",
};

/** A size's label; a size the menu no longer knows (an old order's line) reads as stored, capitalised. */
export function sizeLabel(size: string): string {
  return (PRODUCT_SIZES as readonly string[]).includes(size)
    ? SIZE_LABELS[size as ProductSize]
    : size.charAt(0).toUpperCase() + size.slice(1);
}

/**
 * A drink that exists but the shop asked for does not sell: 404 with this code, the words
 * "Not sold at Squeeze Scottsdale" and, in `soldAt`, up to three shops that sell it, nearest to
 * that shop first. A drink that does not exist stays the spec's 404 "Product not found".
 */
export const PRODUCT_NOT_SOLD = "product_not_sold";
export const notSoldAtMessage = (shopName: string) => `Not sold at ${shopName}`;
/** How many shops that sell it a not-sold answer names. */
export const SOLD_AT_LIMIT = 3;

/** A shop that sells the drink, as a not-sold answer names it. */
export interface SoldAtShop {
  id: string;
  name: string;
  slug: string;
}

/** The not-sold answer's body: the one error shape, with the shops that sell the drink. */
export interface ProductNotSoldBody {
  error: { code: typeof PRODUCT_NOT_SOLD; message: string; soldAt: SoldAtShop[] };
}
