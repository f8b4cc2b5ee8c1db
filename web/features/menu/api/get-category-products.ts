import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Product } from "#common/catalog";
import { CATALOG_BROWSER_MAX_AGE_SECONDS, catalogPaths } from "#common/catalog-paths";
import { apiFetch } from "#web/lib/api-client";
import { currentShopId, shopKey, useShopId, withShop } from "#web/lib/shop-store";

/** GET /api/categories/:categoryId/products?location=: the category's drinks the shop sells, at its prices, in menu order. */
export function getCategoryProducts(categoryId: string, shopId: string | null): Promise<Product[]> {
  return apiFetch<Product[]>(withShop(catalogPaths.categoryProducts(categoryId), shopId));
}

export function categoryProductsQueryOptions(categoryId: string, shopId: string | null = currentShopId()) {
  return queryOptions({
    queryKey: ["categories", shopKey(shopId), categoryId, "products"],
    queryFn: () => getCategoryProducts(categoryId, shopId),
    staleTime: CATALOG_BROWSER_MAX_AGE_SECONDS * 1000,
  });
}

export function useCategoryProducts(categoryId: string | undefined) {
  const shopId = useShopId();
  return useQuery({ ...categoryProductsQueryOptions(categoryId ?? "", shopId), enabled: Boolean(categoryId) });
}
