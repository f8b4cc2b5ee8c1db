import type { SoldAtShop } from "#common/catalog";
import { Link } from "#web/components/link";
import { useChooseShop } from "#web/shared-features/shop-picker/use-choose-shop";

/**
 * A drink the chosen shop does not sell: "Not sold at Squeeze Scottsdale", and the shops that do,
 * each a button that makes it the shopper's shop (the drink's page then shows it there).
 */
export default function NotSoldHere({ message, soldAt }: { message: string; soldAt: SoldAtShop[] }) {
  const { choose, busyId, error } = useChooseShop<SoldAtShop>();
  return (
    <div className="product-missing">
      <h1>{message}</h1>
      {soldAt.length > 0 ? (
        <>
          <p className="muted">This drink is on the menu at:</p>
          <ul role="list" className="product-missing__shops">
            {soldAt.map((shop) => (
              <li key={shop.id}>
                <button
                  type="button"
                  className="btn btn--ghost"
                  disabled={busyId !== null}
                  onClick={() => void choose(shop)}
                >
                  {busyId === shop.id ? `Choosing ${shop.name}…` : `Order it at ${shop.name}`}
                </button>{" "}
                <Link to={`/locations/${encodeURIComponent(shop.slug)}`}>
                  Where it is<span className="visually-hidden">: {shop.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted">No shop sells it online right now.</p>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <Link className="btn btn--primary" to="/menu">
        Back to the menu
      </Link>
    </div>
  );
}
