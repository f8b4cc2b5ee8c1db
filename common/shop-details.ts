/**
 * Whose words a page speaks. Written down once, here:
 *
 * - **The shop's** (each row of `locations`, seed/locations.sql): its name, its town (from the
 *   name), street address, phone, opening hours (`location_hours`, read with the shop's state) and
 *   whether it delivers (it has delivery ZIP codes) and for what fee.
 * - **The business's** (web/config/brand.ts): the spec's texts (tagline, the FAQ, the sentences of
 *   the cart and the checkout), the product's name, the e-mail address, the socials, the copyright
 *   line and the owner's first name, the founding year and story ("founded in 2017 in Anaheim"),
 *   "serves California", and the spec's public phone and address, which the pages show where no shop
 *   is chosen (the first shop's, Anaheim).
 *
 * A page shows the chosen shop's words where it has them; the business's otherwise: before a
 * shop is chosen, and on the pages rendered for no shop (the home page, built once for everyone),
 * until the app has taken over. The worker renders the menu, a drink's and the other pages it
 * keeps per shop with the shop's details (worker/services/catalog-version.ts).
 */
export interface ShopDetails {
  id: string;
  /** "Squeeze Scottsdale". */
  name: string;
  address: string;
  phone: string;
  /** It has a delivery area; a shop without one offers pickup only. */
  offersDelivery: boolean;
}

/**
 * The town a shop's name gives, for "7:15 AM Scottsdale time": "Squeeze Scottsdale" → "Scottsdale".
 * A name that is only the brand's stays whole.
 */
export function shopPlace(shopName: string): string {
  const place = shopName.replace(/^\s*Squeeze\s+/i, "").trim();
  return place || shopName.trim();
}

/** The shop's town, for sentences: "Squeeze Scottsdale" → "Scottsdale". */
export const shopTown = (shop: Pick<ShopDetails, "name">) => shopPlace(shop.name);

/** A `tel:` link for a phone number as people write it ("+1 480 555 0177" → "tel:+14805550177"). */
export const phoneHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** A map search for an address (a plain link: the page itself makes no third-party request). */
export const mapSearchHref = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** Reads details the page carried (the root's attribute, a stored copy): outside input, checked field by field. */
export function readShopDetails(value: unknown): ShopDetails | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, name, address, phone, offersDelivery } = value as Record<string, unknown>;
  if (typeof id !== "string" || typeof name !== "string" || typeof address !== "string" || typeof phone !== "string")
    return null;
  if (typeof offersDelivery !== "boolean") return null;
  return { id, name, address, phone, offersDelivery };
}
