import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Product } from "#common/catalog";
import { CATALOG_BROWSER_MAX_AGE_SECONDS, catalogPaths } from "#common/catalog-paths";
import { apiFetch } from "#web/lib/api-client";
import { currentShopId, shopKey, useShopId, withShop } from "#web/lib/shop-store";

/** GET /api/categories/:categoryId/products/:productId?location=: the drink at the shop's prices; a missing drink is a 404 "Product not found". */
export function getProduct(categoryId: string, productId: string, shopId: string | null): Promise<Product> {
  return apiFetch<Product>(withShop(catalogPaths.product(categoryId, productId), shopId));
}

export function productQueryOptions(categoryId: string, productId: string, shopId: string | null = currentShopId()) {
  return queryOptions({
    queryKey: ["categories", shopKey(shopId), categoryId, "products", productId],
    queryFn: () => getProduct(categoryId, productId, shopId),
    staleTime: CATALOG_BROWSER_MAX_AGE_SECONDS * 1000,
  });
}

export function useProduct(categoryId: string, productId: string) {
  return useQuery(productQueryOptions(categoryId, productId, useShopId()));
}
