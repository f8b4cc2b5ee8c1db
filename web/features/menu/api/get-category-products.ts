import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Product } from "#common/catalog";
import { CATALOG_BROWSER_MAX_AGE_SECONDS, catalogPaths } from "#common/catalog-paths";
import { apiFetch } from "#web/lib/api-client";

/** GET /api/categories/:categoryId/products: the category's visible drinks, in menu order. */
export function getCategoryProducts(categoryId: string, location?: string): Promise<Product[]> {
  return apiFetch<Product[]>(catalogPaths.categoryProducts(categoryId, location));
}

/** A named shop's menu (`location`) is kept apart from the default shop's. */
export function categoryProductsQueryOptions(categoryId: string, location?: string) {
  return queryOptions({
    queryKey: location ? ["categories", categoryId, "products", { location }] : ["categories", categoryId, "products"],
    queryFn: () => getCategoryProducts(categoryId, location),
    staleTime: CATALOG_BROWSER_MAX_AGE_SECONDS * 1000,
  });
}

export function useCategoryProducts(categoryId: string | undefined, location?: string) {
  return useQuery({ ...categoryProductsQueryOptions(categoryId ?? "", location), enabled: Boolean(categoryId) });
}
