import { lazy, Suspense } from "react";
import OrdersPage from "#web/features/orders/orders-page";

// The card is its own chunk, fetched once My orders shows for a signed-in shopper.
const StampCard = lazy(() => import("#web/shared-features/stamp-card/stamp-card"));

/** My orders with the shopper's stamp card above the orders. */
export default function MyOrdersPage() {
  return (
    <OrdersPage
      stampCard={
        <Suspense fallback={null}>
          <StampCard />
        </Suspense>
      }
    />
  );
}
