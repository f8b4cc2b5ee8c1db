import { lazy, Suspense, useDeferredValue } from "react";
import { useParams } from "react-router";
import { CATEGORY_PARAM } from "#common/catalog";
import { Link } from "#web/components/link";
import { ApiRequestError } from "#web/lib/api-client";
import { useCategories } from "#web/shared-features/catalog/api/get-categories";
import { currentShopId } from "#web/lib/shop-store";
import { errorMessage, queryClient } from "#web/lib/query-client";
import { usePageMeta } from "#web/lib/use-page-meta";
import { productQueryOptions, useProduct } from "./api/get-product";
import { Faq } from "./components/faq";
import { ProductDetails } from "./components/product-details";
import { notSoldAnswer } from "./components/not-sold-answer";

// Drawn only when the chosen shop does not sell the drink: its code (and the shop chooser's) is
// not evaluated on every drink's page as it loads.
const NotSoldHere = lazy(() => import("./components/not-sold-here"));

/**
 * Fetches the drink for a visit that lands on its page, so the first render draws the same
 * page the worker prerendered (web/prerender-catalog.tsx). A failure is left to the page.
 */
export async function loadProductData(categoryId: string, productId: string): Promise<void> {
  await queryClient.ensureQueryData(productQueryOptions(categoryId, productId, currentShopId()));
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
  const notSold = notSoldAnswer(product.error);
  let content;
  if (product.isError) {
    content = notSold ? (
      <Suspense fallback={<ProductSkeleton />}>
        <NotSoldHere message={notSold.message} soldAt={notSold.soldAt} />
      </Suspense>
    ) : isMissing ? (
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

/** Back to the menu, on this drink's category when the menu already knows it. */
function BackToMenu({ categoryId }: { categoryId: string }) {
  const categories = useCategories();
  const slug = categories.data?.find((category) => category.id === categoryId)?.slug;
  return (
    <Link className="product-page__back" to={slug ? `/menu?${CATEGORY_PARAM}=${encodeURIComponent(slug)}` : "/menu"}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M15 6l-6 6 6 6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      Back to the menu
    </Link>
  );
}

/** The drink's page while the drink is on its way. */
function ProductSkeleton() {
  return (
    <div className="product-details product-details--skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading the drink…
      </p>
      <div className="product-details__art skeleton" aria-hidden="true" />
      <div className="product-details__info" aria-hidden="true">
        <span className="skeleton skeleton--text" style={{ width: "70%", height: "2.4em" }} />
        <span className="skeleton skeleton--text" style={{ width: "35%" }} />
        <span className="skeleton skeleton--text" style={{ width: "95%" }} />
        <span className="skeleton skeleton--text" style={{ width: "80%" }} />
        <span className="skeleton" style={{ width: "100%", height: 120, marginTop: 16 }} />
      </div>
    </div>
  );
}
