import { useDeferredValue } from "react";
import { useParams } from "react-router";
import { Link } from "#web/components/link";
import { ApiRequestError } from "#web/lib/api-client";
import { errorMessage, queryClient } from "#web/lib/query-client";
import { usePageMeta } from "#web/lib/use-page-meta";
import { productQueryOptions, useProduct } from "./api/get-product";
import { BackToMenu } from "./components/back-to-menu";
import { Faq } from "./components/faq";
import { ProductDetails } from "./components/product-details";
import { ProductSkeleton } from "./components/product-skeleton";

/**
 * Fetches the drink for a visit that lands on its page, so the first render draws the same
 * page the worker prerendered (web/prerender-catalog.tsx). A failure is left to the page.
 */
export async function loadProductData(categoryId: string, productId: string): Promise<void> {
  await queryClient.ensureQueryData(productQueryOptions(categoryId, productId));
}

export default function ProductPage() {
  const { categoryId = "", id = "" } = useParams();
  const product = useProduct(categoryId, id);
  // The query's answer arrives as an urgent update; drawing the drink from a deferred copy
  // lets React draw it in small slices instead of one long task on a busy phone.
  // (The copy can lag one drink behind after a move to another: show only the one asked for.)
  const deferred = useDeferredValue(product.data);
  const shown = deferred?.id === id ? deferred : undefined;
  usePageMeta(product.data?.name ?? "Drink", product.data?.description ?? "A fresh drink from the Squeeze menu.");

  const isMissing = product.error instanceof ApiRequestError && product.error.status === 404;
  let content;
  if (product.isError) {
    content = isMissing ? (
      <div className="product-missing">
        <h1>Product not found</h1>
        <p className="muted">This drink is not on the menu any more, or the link is wrong.</p>
        <Link className="btn btn--primary" to="/menu">
          Back to the menu
        </Link>
      </div>
    ) : (
      <div className="error-panel" role="alert">
        <p>Error: {errorMessage(product.error)}</p>
        <button type="button" className="btn btn--small" onClick={() => void product.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (!shown) {
    content = <ProductSkeleton />;
  } else {
    // Keyed so that moving to another drink starts with a fresh size and note.
    content = <ProductDetails key={shown.id} product={shown} />;
  }

  return (
    <div className="product-page">
      <div className="container product-page__inner">
        {!isMissing && <BackToMenu categoryId={categoryId} />}
        {content}
        <Faq />
      </div>
    </div>
  );
}
