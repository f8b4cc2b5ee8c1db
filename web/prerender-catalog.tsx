// Rendered by the worker on each visit (worker/services/landing/content.ts imports it as
// `#prerender-catalog`): the menu and a drink's page with the catalog's data, so a phone
// paints the drinks from the HTML while the JavaScript is still on its way. The app then
// hydrates that HTML (web/main.tsx waits until it has the same data).
import { QueryClient } from "@tanstack/react-query";
import type { CatalogPrerender } from "#common/prerender";
import { categoriesQueryOptions } from "./shared-features/catalog/api/get-categories";
import { categoryProductsQueryOptions } from "./features/menu/api/get-category-products";
import { productQueryOptions } from "./features/product/api/get-product";
import { renderApp } from "./prerender-app";

// Each render gets a QueryClient of its own: nothing one visit's page shows can leak into another's.

export const renderMenuPage: CatalogPrerender["renderMenuPage"] = ({ url, location, shop, categories, selected }) => {
  const client = new QueryClient();
  client.setQueryData(categoriesQueryOptions(location ?? null).queryKey, categories);
  if (selected)
    client.setQueryData(
      categoryProductsQueryOptions(selected.categoryId, location ?? null).queryKey,
      selected.products,
    );
  return renderApp(url, client, location, shop);
};

/** Any other page of the shop: its heading and layout, as a guest with an empty cart sees it before the app runs. */
export const renderAppPage: CatalogPrerender["renderAppPage"] = ({ url, shop }) =>
  renderApp(url, new QueryClient(), undefined, shop);

export const renderProductPage: CatalogPrerender["renderProductPage"] = ({ url, location, shop, product }) => {
  const client = new QueryClient();
  client.setQueryData(productQueryOptions(product.categoryId, product.id, location ?? null).queryKey, product);
  return renderApp(url, client, location, shop);
};
