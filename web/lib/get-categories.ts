import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Category } from "#common/catalog";
import { CATALOG_BROWSER_MAX_AGE_SECONDS, catalogPaths } from "#common/catalog-paths";
import { apiFetch } from "./api-client";

/** GET /api/categories: the visible categories, in menu order. */
export function getCategories(): Promise<Category[]> {
  return apiFetch<Category[]>(catalogPaths.categories());
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ["categories"],
    queryFn: getCategories,
    staleTime: CATALOG_BROWSER_MAX_AGE_SECONDS * 1000,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
