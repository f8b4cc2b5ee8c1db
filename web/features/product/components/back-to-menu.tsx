import { CATEGORY_PARAM } from "#common/catalog";
import { Link } from "#web/components/link";
import { useCategories } from "#web/lib/get-categories";

/** Back to the menu, on this drink's category when the menu already knows it. */
export function BackToMenu({ categoryId }: { categoryId: string }) {
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
