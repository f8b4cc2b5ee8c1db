import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Category } from "#common/catalog";
import { CATALOG_BROWSER_MAX_AGE_SECONDS, catalogPaths } from "#common/catalog-paths";
import { apiFetch } from "./api-client";

/** GET /api/categories[?location=<id>]: the visible categories, in menu order. */
export function getCategories(location?: string): Promise<Category[]> {
  return apiFetch<Category[]>(catalogPaths.categories(location));
}

/** A named shop's answers are kept apart from the default shop's (and from each other). */
export function categoriesQueryOptions(location?: string) {
  return queryOptions({
    queryKey: location ? ["categories", { location }] : ["categories"],
    queryFn: () => getCategories(location),
    staleTime: CATALOG_BROWSER_MAX_AGE_SECONDS * 1000,
  });
}

export function useCategories(location?: string) {
  return useQuery(categoriesQueryOptions(location));
}
