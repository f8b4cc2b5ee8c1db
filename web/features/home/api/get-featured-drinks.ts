import { useEffect, useState } from "react";
import type { Product } from "#common/catalog";
import { catalogPaths } from "#common/catalog-paths";
import { apiFetch } from "#web/lib/api-client";
import { useShopId, withShop } from "#web/lib/shop-store";

/** GET /api/products/featured?location=: the popular drinks the home page leads with, as the shop sells them. */
export function getFeaturedDrinks(shopId: string | null): Promise<Product[]> {
  return apiFetch<Product[]>(withShop(catalogPaths.featuredProducts(), shopId));
}

/** One request per page load and shop, shared by every visit to the home page in it. */
let featured: { shopId: string | null; drinks: Promise<Product[]> } | undefined;

export type FeaturedDrinks = { status: "loading" } | { status: "ready"; drinks: Product[] } | { status: "failed" };

/**
 * The featured drinks, fetched after the home page has painted. Plain state rather than the
 * data layer: the home page is the lightest landing page and stays so (see docs/decisions/0004).
 */
export function useFeaturedDrinks(): FeaturedDrinks {
  const shopId = useShopId();
  const [state, setState] = useState<FeaturedDrinks>({ status: "loading" });
  useEffect(() => {
    let live = true;
    if (featured?.shopId !== shopId) featured = { shopId, drinks: getFeaturedDrinks(shopId) };
    featured.drinks.then(
      (drinks) => live && setState({ status: "ready", drinks }),
      () => {
        featured = undefined; // the next visit tries again
        if (live) setState({ status: "failed" });
      },
    );
    return () => {
      live = false;
    };
  }, [shopId]);
  return state;
}
