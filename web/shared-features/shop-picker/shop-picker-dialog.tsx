import { useEffect } from "react";
import { Dialog } from "#web/components/dialog/dialog";
import { CloseIcon } from "#web/components/icons/icons";
import { Link } from "#web/components/link";
import { useLocations } from "./locations-store";
import { useShopPicker } from "./shop-picker-store";
import { ShopList } from "./shop-list";

const TITLE_ID = "shop-picker-title";

/** "Choose your shop": the shops, sortable by distance; choosing one closes it. Loaded when first opened. */
export function ShopPickerDialog() {
  const isOpen = useShopPicker((state) => state.isOpen);
  const close = useShopPicker((state) => state.close);

  useEffect(() => {
    // Opening it asks again: a shop may have opened, closed or stopped taking orders meanwhile.
    if (isOpen) void useLocations.getState().load(true);
  }, [isOpen]);

  return (
    <Dialog open={isOpen} onClose={close} labelledBy={TITLE_ID} className="shop-picker">
      <button type="button" className="icon-button shop-picker__close" aria-label="Close" onClick={close}>
        <CloseIcon />
      </button>
      <h2 id={TITLE_ID} className="shop-picker__title">
        Choose your shop
      </h2>
      <ShopList onChosen={close} />
      <p className="shop-picker__more">
        <Link to="/locations" onClick={close}>
          All our shops
        </Link>
      </p>
    </Dialog>
  );
}

export default ShopPickerDialog;
