/** How an order reaches the shopper, settled on the server from D1: the area, the fee and the address. */
import { asc, eq, sql } from "drizzle-orm";
import type { ValidOrderRequest } from "#common/forms/checkout";
import {
  deliveryNotOfferedMessage,
  outsideDeliveryAreaMessage,
  type DeliveryArea,
  type FulfilmentMethod,
} from "#common/fulfilment";
import type { Database } from "#worker/db/client";
import { deliveryZipCodes, locations } from "#worker/db/schema";
import { ApiError } from "#worker/lib/errors";
import type { OrderShop } from "./order-shop";

export interface SettledFulfilment {
  fulfilment: FulfilmentMethod;
  /** The delivery address, or the shop's address for a pickup. */
  fulfilmentAddress: string;
  deliveryFeeCents: number;
}

/**
 * A pickup is collected at the shop's address, with nothing more to read. A delivery must go to a
 * ZIP code the shop lists (a shop that lists none does not deliver: 422 `delivery_not_offered`);
 * its fee is the shop's, never a figure from the browser.
 */
export async function settleFulfilment(
  db: Database,
  shop: Pick<OrderShop, "id" | "name" | "address" | "deliveryFeeCents">,
  request: Pick<ValidOrderRequest, "fulfilment" | "street" | "zip">,
): Promise<SettledFulfilment> {
  if (request.fulfilment === "pickup") {
    return { fulfilment: "pickup", fulfilmentAddress: shop.address, deliveryFeeCents: 0 };
  }
  // The ZIP asked for if the shop lists it, else any it lists, else none: it does not deliver.
  const [area] = await db
    .select()
    .from(deliveryZipCodes)
    .where(eq(deliveryZipCodes.locationId, shop.id))
    .orderBy(sql`${deliveryZipCodes.zip} = ${request.zip} DESC`)
    .limit(1);
  if (!area) {
    throw new ApiError(422, "delivery_not_offered", deliveryNotOfferedMessage(shop), "fulfilment");
  }
  if (area.zip !== request.zip) {
    throw new ApiError(422, "outside_delivery_area", `zip: ${outsideDeliveryAreaMessage(request.zip)}`, "zip");
  }
  return {
    fulfilment: "delivery",
    fulfilmentAddress: `${request.street}, ${area.city}, CA ${area.zip}`,
    deliveryFeeCents: shop.deliveryFeeCents,
  };
}

/** The location's pickup address, delivery fee and the ZIP codes it delivers to, for the checkout. */
export async function deliveryArea(db: Database, locationId: string): Promise<DeliveryArea> {
  const [[location], zipCodes] = await db.batch([
    db.select().from(locations).where(eq(locations.id, locationId)),
    db
      .select({ zip: deliveryZipCodes.zip, city: deliveryZipCodes.city })
      .from(deliveryZipCodes)
      .where(eq(deliveryZipCodes.locationId, locationId))
      .orderBy(asc(deliveryZipCodes.zip)),
  ]);
  if (!location) throw new Error(`Location ${locationId} is missing`);
  return { pickupAddress: location.address, deliveryFeeCents: location.deliveryFeeCents, zipCodes };
}
