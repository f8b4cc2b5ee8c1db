import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Category } from "#common/catalog";
import { CATALOG_BROWSER_MAX_AGE_SECONDS, catalogPaths } from "#common/catalog-paths";
import { apiFetch } from "#web/lib/api-client";
import { currentShopId, shopKey, useShopId, withShop } from "#web/lib/shop-store";

/** GET /api/categories?location=: the categories the shop shows, in menu order. */
export function getCategories(shopId: string | null): Promise<Category[]> {
  return apiFetch<Category[]>(withShop(catalogPaths.categories(), shopId));
}

export function categoriesQueryOptions(shopId: string | null = currentShopId()) {
  return queryOptions({
    queryKey: ["categories", shopKey(shopId)],
    queryFn: () => getCategories(shopId),
    staleTime: CATALOG_BROWSER_MAX_AGE_SECONDS * 1000,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions(useShopId()));
}
