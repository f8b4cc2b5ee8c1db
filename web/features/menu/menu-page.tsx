import { useDeferredValue } from "react";
import { useSearchParams } from "react-router";
import { Link } from "#web/components/link";
import { CATEGORY_PARAM, selectCategory, type Category } from "#common/catalog";
import { errorMessage, queryClient } from "#web/lib/query-client";
import { usePageMeta } from "#web/lib/use-page-meta";
import { categoriesQueryOptions, useCategories } from "#web/shared-features/catalog/api/get-categories";
import { currentShopId } from "#web/lib/shop-store";
import { categoryProductsQueryOptions, useCategoryProducts } from "./api/get-category-products";
import { ProductCard, ProductCardSkeleton } from "./components/product-card";

/** Cards that can show in the first screen (two rows on a phone): their art loads at once, not lazily. */
const ABOVE_THE_FOLD_CARDS = 2;

const SKELETON_CARDS = 6;

/**
 * Fetches what the menu shows first (the categories, then the selected one's drinks), for a
 * visit that lands here: the first render then draws the same page the worker prerendered
 * (web/prerender-catalog.tsx), not a loading state in its place. Failures are left to the
 * page, which shows them.
 */
export async function loadMenuData(search: string): Promise<void> {
  const shop = currentShopId();
  const categories = await queryClient.ensureQueryData(categoriesQueryOptions(shop));
  const selected = selectCategory(categories, new URLSearchParams(search).get(CATEGORY_PARAM));
  if (selected) await queryClient.ensureQueryData(categoryProductsQueryOptions(selected.id, shop));
}

export default function MenuPage() {
  usePageMeta(
    "Menu",
    "Cold-pressed juices, smoothies, lemonades and wellness shots: browse the Squeeze menu and order for delivery.",
  );
  const [searchParams] = useSearchParams();
  const categories = useCategories();
  // Drawn from a deferred copy, like the drinks below: in small slices, not one long task.
  const categoryList = useDeferredValue(categories.data);
  const selected = categoryList ? selectCategory(categoryList, searchParams.get(CATEGORY_PARAM)) : undefined;

  return (
    <div className="menu-page">
      <header className="menu-hero">
        <div className="container menu-hero__inner">
          <span className="eyebrow">Pressed fresh every morning</span>
          <h1>Our Menu</h1>
          <p className="lead">Pick a category, then a drink. Every size is made to order.</p>
        </div>
      </header>

      <div className="container menu-body">
        {categories.isError ? (
          <LoadError error={categories.error} onRetry={() => void categories.refetch()} />
        ) : !categoryList ? (
          <CategoryChipsSkeleton />
        ) : categoryList.length === 0 ? (
          <p className="menu-empty">The menu is being refreshed. Please check back soon.</p>
        ) : (
          <CategoryChips categories={categoryList} selectedId={selected?.id} />
        )}

        {!categoryList && !categories.isError && <ProductGridSkeleton />}
        {/* Keyed: the deferred copy of another category's drinks must never show under this one. */}
        {selected && <CategoryProducts key={selected.id} category={selected} />}
      </div>
    </div>
  );
}

function CategoryChips({ categories, selectedId }: { categories: readonly Category[]; selectedId?: string }) {
  return (
    <nav className="category-chips" aria-label="Drink categories">
      <ul role="list" className="category-chips__list">
        {categories.map((category) => {
          const isSelected = category.id === selectedId;
          return (
            <li key={category.id}>
              <Link
                className={`category-chip${isSelected ? " category-chip--selected" : ""}`}
                to={{ search: `?${CATEGORY_PARAM}=${encodeURIComponent(category.slug)}` }}
                aria-current={isSelected ? "true" : undefined}
                replace
                preventScrollReset
              >
                <img
                  className="category-chip__image"
                  src={category.image}
                  alt=""
                  width={28}
                  height={28}
                  fetchPriority="low"
                />
                <span>{category.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function CategoryProducts({ category }: { category: Category }) {
  const products = useCategoryProducts(category.id);
  // The query's answer arrives as an urgent update; drawing the cards from a deferred copy
  // lets React draw them in small slices instead of one long task on a busy phone.
  const drinks = useDeferredValue(products.data);
  const headingId = `category-heading-${category.id}`;
  return (
    <section className="menu-section" aria-labelledby={headingId} aria-busy={products.isPending}>
      <h2 id={headingId} className="menu-section__title">
        {category.label}
      </h2>
      {products.isError ? (
        <LoadError error={products.error} onRetry={() => void products.refetch()} />
      ) : !drinks ? (
        <ProductGridSkeleton />
      ) : drinks.length === 0 ? (
        <p className="menu-empty">No drinks in this category</p>
      ) : (
        <ul role="list" className="menu-grid">
          {drinks.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} priority={index < ABOVE_THE_FOLD_CARDS} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="error-panel" role="alert">
      <p>Error: {errorMessage(error)}</p>
      <button type="button" className="btn btn--small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

function CategoryChipsSkeleton() {
  return (
    <div className="category-chips" aria-hidden="true">
      <div className="category-chips__list">
        {Array.from({ length: 5 }, (_, index) => (
          <span key={index} className="skeleton category-chip category-chip--skeleton" />
        ))}
      </div>
    </div>
  );
}

function ProductGridSkeleton() {
  return (
    <>
      <p className="visually-hidden" role="status">
        Loading drinks…
      </p>
      <ul role="list" className="menu-grid" aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <li key={index}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    </>
  );
}
