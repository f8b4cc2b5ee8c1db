import { lazy, Suspense } from "react";
import { Header } from "#web/shared-features/site-frame/header";
import { UserMenu } from "#web/features/auth/user-menu";
import { CartButton } from "#web/features/cart/cart-button";

// The shop's name and the picker's button: after the first paint, and nothing while there is one shop.
const ShopButton = lazy(() => import("#web/shared-features/shop-picker/shop-button"));

/** The shared header with the shop's, the cart's and the account's buttons: the app wires the features into it. */
export function SiteHeader() {
  return (
    <Header
      actions={
        <>
          <Suspense fallback={null}>
            <ShopButton />
          </Suspense>
          <CartButton />
          <UserMenu />
        </>
      }
    />
  );
}
