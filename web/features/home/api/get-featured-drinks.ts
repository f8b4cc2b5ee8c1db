import { useEffect, useState } from "react";
import type { Product } from "#common/catalog";
import { catalogPaths } from "#common/catalog-paths";
import { apiFetch } from "#web/lib/api-client";
import { chosenShopId } from "#web/lib/chosen-shop";

/** GET /api/products/featured[?location=<the chosen shop>]: the popular drinks the home page leads with, in menu order. */
export function getFeaturedDrinks(): Promise<Product[]> {
  return apiFetch<Product[]>(catalogPaths.featuredProducts(chosenShopId()));
}

/** One request per page load, shared by every visit to the home page in it. */
let featured: Promise<Product[]> | undefined;

export type FeaturedDrinks = { status: "loading" } | { status: "ready"; drinks: Product[] } | { status: "failed" };

/**
 * The featured drinks, fetched after the home page has painted. Plain state rather than the
 * data layer: the home page is the lightest landing page and stays so (see docs/decisions/0004).
 */
export function useFeaturedDrinks(): FeaturedDrinks {
  const [state, setState] = useState<FeaturedDrinks>({ status: "loading" });
  useEffect(() => {
    let live = true;
    featured ??= getFeaturedDrinks();
    featured.then(
      (drinks) => live && setState({ status: "ready", drinks }),
      () => {
        featured = undefined; // the next visit tries again
        if (live) setState({ status: "failed" });
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
