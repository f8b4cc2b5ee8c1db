/** The drink's page while the drink is on its way. */
export function ProductSkeleton() {
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
