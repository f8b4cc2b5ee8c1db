// Rendered by the worker on each visit (worker/services/landing/content.ts imports it as
// `#prerender-catalog`): the menu and a drink's page with the catalog's data, in the page
// frame, so a phone paints the drinks from the HTML while the JavaScript is still on its way.
// The app's first render (web/main.tsx waits until it has the same data) replaces this HTML
// with the same page.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Route, Routes } from "react-router";
import { PRODUCT_PAGE_PATH } from "#common/landing";
import type { CatalogPrerender } from "#common/prerender";
import { categoriesQueryOptions } from "./lib/get-categories";
import { categoryProductsQueryOptions } from "./features/menu/api/get-category-products";
import MenuPage from "./features/menu/menu-page";
import { productQueryOptions } from "./features/product/api/get-product";
import ProductPage from "./features/product/product-page";
import { frame } from "./prerender-shell";

// Each render gets a QueryClient of its own: nothing one visit's page shows can leak into another's.

export const renderMenuPage: CatalogPrerender["renderMenuPage"] = ({ url, categories, selected }) => {
  const client = new QueryClient();
  client.setQueryData(categoriesQueryOptions().queryKey, categories);
  if (selected) client.setQueryData(categoryProductsQueryOptions(selected.categoryId).queryKey, selected.products);
  return frame(
    url,
    <QueryClientProvider client={client}>
      <MenuPage />
    </QueryClientProvider>,
  );
};

export const renderProductPage: CatalogPrerender["renderProductPage"] = ({ url, product }) => {
  const client = new QueryClient();
  client.setQueryData(productQueryOptions(product.categoryId, product.id).queryKey, product);
  return frame(
    url,
    <QueryClientProvider client={client}>
      <Routes>
        <Route path={PRODUCT_PAGE_PATH} element={<ProductPage />} />
      </Routes>
    </QueryClientProvider>,
  );
};
