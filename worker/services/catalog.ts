import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Category, FranchiseSettings, Price, ProductSize, Product } from "#common/catalog";
import { slugify } from "#common/slug";
import type { Database } from "#worker/db/client";
import { categories, productPrices, products, settings } from "#worker/db/schema";
import { productAtShop, type CatalogDrink, type ShopMenuRules } from "#common/line-price";
import { z } from "zod";
import { loadModifierGroups, type ModifierGroupsOf } from "./modifiers";

/** On the menu: neither hidden nor deleted (the staff's Menu tab lists the same drinks). */
export const visibleCategory = and(eq(categories.isDeleted, false), eq(categories.isHidden, false));
export const visibleProduct = and(eq(products.isDeleted, false), eq(products.isHidden, false));

/**
 * The drinks `productIds` and their prices, each marked whether it and its category are on the
 * menu now (`onMenu`, 1 or 0): what an order's lines are priced from and "Order again" checks.
 * Callers pass at most an order's lines (ORDER_LIMITS.maxLines), well inside D1's bound values.
 */
export async function productsWithPrices(db: Database, productIds: string[]) {
  return db.batch(productsWithPricesQueries(db, productIds));
}

/** `productsWithPrices`' two reads, for a caller's own batch. */
export function productsWithPricesQueries(db: Database, productIds: string[]) {
  return [
    db
      .select({
        id: products.id,
        name: products.name,
        categoryId: products.categoryId,
        image: products.image,
        sizeSelection: products.sizeSelection,
        onMenu: sql<number>`${products.isHidden} = 0 AND ${products.isDeleted} = 0 AND ${categories.isHidden} = 0 AND ${categories.isDeleted} = 0`,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(inArray(products.id, productIds)),
    db.select().from(productPrices).where(inArray(productPrices.productId, productIds)),
  ] as const;
}

/** A drink of an order or a cart as the catalog in D1 has it, for pricing at a shop (common/line-price.ts). */
export interface DrinkForPricing extends CatalogDrink {
  name: string;
  categoryId: string;
  image: string;
}

/**
 * The drinks of `productsWithPricesQueries`' rows that are on the menu now, with the catalog's
 * prices and add-on groups (the shop's rules are applied by the caller, through
 * common/line-price.ts); a drink not on the menu is absent.
 */
export function drinksForPricing(
  [productRows, priceRows]: Awaited<ReturnType<typeof productsWithPrices>>,
  groupsOf: ModifierGroupsOf,
): Map<string, DrinkForPricing> {
  const drinks = new Map<string, DrinkForPricing>();
  for (const row of productRows) {
    if (!row.onMenu) continue;
    const pricesBySize: DrinkForPricing["pricesBySize"] = {};
    for (const price of priceRows)
      if (price.productId === row.id)
        pricesBySize[price.size] = { priceCents: price.priceCents, discountedPriceCents: price.salePriceCents };
    drinks.set(row.id, {
      id: row.id,
      name: row.name,
      categoryId: row.categoryId,
      image: row.image,
      sizeSelection: row.sizeSelection,
      pricesBySize,
      modifierGroups: groupsOf(row),
    });
  }
  return drinks;
}

export async function listVisibleCategories(db: Database): Promise<Category[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, image: categories.image })
    .from(categories)
    .where(visibleCategory)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
  return rows.map((row) => ({ id: row.id, label: row.name, slug: slugify(row.name), image: row.image }));
}

type ProductRow = typeof products.$inferSelect;
type PriceRow = typeof productPrices.$inferSelect;

function toProduct(row: ProductRow, prices: PriceRow[], groupsOf: ModifierGroupsOf): Product {
  const pricesBySize: Partial<Record<ProductSize, Price>> = {};
  for (const price of prices) {
    pricesBySize[price.size] = {
      priceCents: price.priceCents,
      discountedPriceCents: price.salePriceCents,
    };
  }
  const [from = "#FFD36E", to = from] = row.gradient.split(",").map((colour) => colour.trim());
  return {
    id: row.id,
    categoryId: row.categoryId,
    name: row.name,
    image: row.image,
    description: row.description,
    rating: row.rating,
    gradient: [from, to],
    order: row.order,
    sizeSelection: row.sizeSelection,
    pricesBySize,
    ingredients: readIngredients(row.ingredients),
    nutrition: row.nutrition.trim() || null,
    featured: row.featured,
    modifierGroups: groupsOf(row),
  };
}

const ingredientList = z.array(z.string().trim().min(1));

/** The stored JSON list of ingredient names; a list an admin's SQL got wrong reads as none. */
function readIngredients(stored: string): string[] {
  try {
    const parsed = ingredientList.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

async function pricesFor(db: Database, productIds: string[]): Promise<Map<string, PriceRow[]>> {
  const byProduct = new Map<string, PriceRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db.select().from(productPrices).where(inArray(productPrices.productId, productIds));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/** Drinks as the shop's menu shows them: its prices, without what it does not sell. */
const atShop = (rules: ShopMenuRules, drinks: Product[]): Product[] =>
  drinks.flatMap((drink) => productAtShop(rules, drink) ?? []);

/**
 * A visible category's visible drinks by `order`, as the shop sells them; `null` when the
 * category is not on the menu.
 */
export async function listVisibleProducts(
  db: Database,
  categoryId: string,
  rules: ShopMenuRules,
): Promise<Product[] | null> {
  const [categoryRows, productRows] = await db.batch([
    db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, categoryId), visibleCategory)),
    db
      .select()
      .from(products)
      .where(and(eq(products.categoryId, categoryId), visibleProduct))
      .orderBy(asc(products.order), asc(products.name)),
  ]);
  if (categoryRows.length === 0) return null;
  const [prices, groupsOf] = await Promise.all([
    pricesFor(
      db,
      productRows.map((row) => row.id),
    ),
    loadModifierGroups(db),
  ]);
  return atShop(
    rules,
    productRows.map((row) => toProduct(row, prices.get(row.id) ?? [], groupsOf)),
  );
}

/** How many drinks the home page's popular row shows at most. */
export const FEATURED_LIMIT = 8;

/** The featured drinks whose drink and category are both visible and the shop sells, in menu order. */
export async function listFeaturedProducts(db: Database, rules: ShopMenuRules): Promise<Product[]> {
  const rows = await db
    .select({ product: products })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.featured, true), visibleProduct, visibleCategory))
    .orderBy(asc(categories.sortOrder), asc(products.order), asc(products.name))
    // Room for the drinks the shop does not sell, which leave the row below.
    .limit(FEATURED_LIMIT + rules.drinksNotSold.size);
  const [prices, groupsOf] = await Promise.all([
    pricesFor(
      db,
      rows.map((row) => row.product.id),
    ),
    loadModifierGroups(db),
  ]);
  return atShop(
    rules,
    rows.map((row) => toProduct(row.product, prices.get(row.product.id) ?? [], groupsOf)),
  ).slice(0, FEATURED_LIMIT);
}

/**
 * One drink as the shop sells it, only when it and its category are both visible and it belongs
 * to that category; `"not_sold"` when it is on the menu but the shop does not sell it.
 */
export async function findVisibleProduct(
  db: Database,
  categoryId: string,
  productId: string,
  rules: ShopMenuRules,
): Promise<Product | "not_sold" | null> {
  const [row] = await db
    .select({ product: products })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.id, productId), eq(products.categoryId, categoryId), visibleProduct, visibleCategory));
  if (!row) return null;
  if (rules.drinksNotSold.has(row.product.id)) return "not_sold";
  const [prices, groupsOf] = await Promise.all([pricesFor(db, [row.product.id]), loadModifierGroups(db)]);
  return productAtShop(rules, toProduct(row.product, prices.get(row.product.id) ?? [], groupsOf));
}

const percent = z.number().min(0).max(100);
const options = z.array(z.string().min(1));
const franchiseRecord = z.object({
  royaltyFees: z.tuple([percent, percent, percent]),
  adFees: z.tuple([percent, percent, percent]),
  netWorth: options,
  liquidCapitals: options,
});

/** Settings documents, franchise record first; a record that fails validation is left out and logged. */
export async function listSettings(db: Database): Promise<FranchiseSettings[]> {
  const rows = await db.select().from(settings).orderBy(asc(settings.sortOrder), asc(settings.id));
  const valid: FranchiseSettings[] = [];
  for (const row of rows) {
    const parsed = franchiseRecord.safeParse({
      royaltyFees: JSON.parse(row.royaltyFees),
      adFees: JSON.parse(row.adFees),
      netWorth: JSON.parse(row.netWorthOptions),
      liquidCapitals: JSON.parse(row.liquidCapitalOptions),
    });
    if (parsed.success) valid.push({ id: row.id, ...parsed.data });
    else console.error(`Settings record ${row.id} is invalid:`, parsed.error.issues);
  }
  return valid;
}
