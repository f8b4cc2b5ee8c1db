import { useEffect } from "react";
import { useLocations } from "#web/shared-features/shop-picker/locations-store";
import { ShopList } from "#web/shared-features/shop-picker/shop-list";
import { usePageMeta } from "#web/lib/use-page-meta";
import "./locations.css";

/** /locations: every shop taking online orders, with its hours today, a map link and the choice. */
export default function LocationsPage() {
  usePageMeta("Our shops", "Find the Squeeze shop near you: addresses, today's hours and a map. Choose it to order.");
  useEffect(() => {
    void useLocations.getState().load(true);
  }, []);
  return (
    <section className="container locations-page" aria-labelledby="locations-title">
      <h1 id="locations-title">Our shops</h1>
      <p className="lead">Choose the shop you order from: its menu, prices, hours and pickup times follow.</p>
      <ShopList linkToPages headingLevel="h2" />
    </section>
  );
}
