/** How an order reaches the shopper: collected at the counter, or brought to an address in the delivery area. */
export const FULFILMENT_METHODS = ["pickup", "delivery"] as const;
export type FulfilmentMethod = (typeof FULFILMENT_METHODS)[number];

/** A US ZIP code as the delivery area lists it: five digits. */
export const ZIP_CODE_PATTERN = /^\d{5}$/;

export const DELIVERY_LIMITS = { minStreetLength: 3, maxStreetLength: 120 } as const;

export const DELIVERY_AREA_PATH = "/api/delivery-area";

/** `GET /api/delivery-area`: where the shop delivers, what it costs, and where a pickup is collected. */
export interface DeliveryArea {
  pickupAddress: string;
  deliveryFeeCents: number;
  zipCodes: { zip: string; city: string }[];
}

/** Said under the ZIP field, by the checkout as the shopper types and by the server when it refuses. */
export function outsideDeliveryAreaMessage(zip: string): string {
  return `We do not deliver to ${zip} yet. Choose pickup, or an address in our delivery area.`;
}

/** Said when a shop that delivers nowhere is asked for a delivery. */
export function deliveryNotOfferedMessage(shop: { name: string; address: string }): string {
  return `${shop.name} does not deliver. Choose pickup at ${shop.address}.`;
}

/** A complete ZIP code the area does not list; false while the ZIP is still being typed or the area is unknown. */
export function isOutsideDeliveryArea(area: DeliveryArea | undefined, zip: string): boolean {
  const typed = zip.trim();
  return area !== undefined && ZIP_CODE_PATTERN.test(typed) && !area.zipCodes.some((entry) => entry.zip === typed);
}

/** The shop's delivery promise (spec: "Delivery text 60-90 minutes"): pages, the checkout and e-mails. */
export const DELIVERY_WINDOW = "60-90 minutes";
