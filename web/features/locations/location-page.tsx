import { useEffect, useState } from "react";
import type { ShopStatus } from "#common/availability";
import { useParams } from "react-router";
import type { LocationSummary } from "#common/locations";
import { Link } from "#web/components/link";
import { ShopCard } from "#web/shared-features/shop-picker/shop-card";
import { WeeklyHours } from "#web/shared-features/shop-status/weekly-hours";
import { getShopStatus } from "#web/shared-features/shop-status/api/get-shop-status";
import { useChooseShop } from "#web/shared-features/shop-picker/use-choose-shop";
import "#web/shared-features/shop-picker/shop-picker.css";
import { ApiRequestError } from "#web/lib/api-client";
import { useShopId } from "#web/lib/shop-store";
import { usePageMeta } from "#web/lib/use-page-meta";
import { getLocation } from "./api/get-location";
import "./locations.css";

type Loaded = { status: "loading" } | { status: "ready"; shop: LocationSummary } | { status: "missing" | "failed" };

/**
 * /locations/<slug>: one shop, named once (the page's heading), whether it is open now and its
 * week of hours on its own clock, a map link and the choice.
 */
export default function LocationPage() {
  const { slug = "" } = useParams();
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const shopId = useShopId();
  const { choose, busyId, error } = useChooseShop();
  const name = loaded.status === "ready" ? loaded.shop.name : "Our shop";
  usePageMeta(name, `${name}: address, opening hours and a map. Choose it to order from it.`);
  const week = useShopWeek(loaded.status === "ready" ? loaded.shop.id : null);

  useEffect(() => {
    let live = true;
    setLoaded({ status: "loading" });
    getLocation(slug).then(
      (shop) => live && setLoaded({ status: "ready", shop }),
      (cause: unknown) =>
        live && setLoaded({ status: cause instanceof ApiRequestError && cause.status === 404 ? "missing" : "failed" }),
    );
    return () => {
      live = false;
    };
  }, [slug, attempt]);

  return (
    <section className="container locations-page" aria-labelledby="location-title">
      <p>
        <Link to="/locations">← All our shops</Link>
      </p>
      <h1 id="location-title">{loaded.status === "missing" ? "Shop not found" : name}</h1>
      {loaded.status === "loading" && <p role="status">Loading the shop…</p>}
      {loaded.status === "missing" && (
        <p className="lead">We have no shop at this address. See all our shops instead.</p>
      )}
      {loaded.status === "failed" && (
        <p role="alert">
          Could not load the shop.{" "}
          <button type="button" className="btn btn--small" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </button>
        </p>
      )}
      {loaded.status === "ready" && (
        <>
          {error && (
            <p className="shop-list__error" role="alert">
              {error}
            </p>
          )}
          <ShopCard
            shop={loaded.shop}
            chosen={loaded.shop.id === shopId}
            busy={busyId !== null}
            onChoose={(shop) => void choose(shop)}
            named={false}
          />
          {loaded.shop.phone && (
            <p className="location-page__phone">
              Phone: <a href={`tel:${loaded.shop.phone.replace(/[^\d+]/g, "")}`}>{loaded.shop.phone}</a>
            </p>
          )}
          <WeeklyHours of={week} className="location-page__hours" />
        </>
      )}
    </section>
  );
}

/** The shop's week of hours and the days ahead with other hours (its state, GET /api/store?location=). */
function useShopWeek(shopId: string | null): ShopStatus | null {
  const [status, setStatus] = useState<{ shopId: string; status: ShopStatus } | null>(null);
  useEffect(() => {
    if (!shopId) return;
    let live = true;
    getShopStatus(shopId).then(
      (answer) => live && setStatus({ shopId, status: answer }),
      (cause: unknown) => console.warn("Could not load the shop's hours", cause),
    );
    return () => {
      live = false;
    };
  }, [shopId]);
  return status?.shopId === shopId ? status.status : null;
}
