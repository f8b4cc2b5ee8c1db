import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Category } from "#common/catalog";
import { catalogPaths } from "#common/catalog-paths";
import { apiFetch } from "./api-client";

/** GET /api/categories: the visible categories, in menu order. */
export function getCategories(): Promise<Category[]> {
  return apiFetch<Category[]>(catalogPaths.categories());
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ["categories"],
    queryFn: getCategories,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
