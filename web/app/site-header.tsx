import { Header } from "#web/components/layout/header";
import { UserMenu } from "#web/features/auth/user-menu";
import { CartButton } from "#web/features/cart/cart-button";

/** The shared header with the cart's and the account's buttons: the app wires the features into it. */
export function SiteHeader() {
  return (
    <Header
      actions={
        <>
          <CartButton />
          <UserMenu />
        </>
      }
    />
  );
}
