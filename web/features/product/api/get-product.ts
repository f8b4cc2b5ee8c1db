import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Product } from "#common/catalog";
import { CATALOG_BROWSER_MAX_AGE_SECONDS, catalogPaths } from "#common/catalog-paths";
import { apiFetch } from "#web/lib/api-client";

/** GET /api/categories/:categoryId/products/:productId; a missing drink is a 404 "Product not found". */
export function getProduct(categoryId: string, productId: string, location?: string): Promise<Product> {
  return apiFetch<Product>(catalogPaths.product(categoryId, productId, location));
}

/** A named shop's drink (`location`: its price, its options) is kept apart from the default shop's. */
export function productQueryOptions(categoryId: string, productId: string, location?: string) {
  return queryOptions({
    queryKey: location
      ? ["categories", categoryId, "products", productId, { location }]
      : ["categories", categoryId, "products", productId],
    queryFn: () => getProduct(categoryId, productId, location),
    staleTime: CATALOG_BROWSER_MAX_AGE_SECONDS * 1000,
  });
}

export function useProduct(categoryId: string, productId: string, location?: string) {
  return useQuery(productQueryOptions(categoryId, productId, location));
}
