import { apiFetch } from "#web/lib/api-client";

/**
 * PUT /api/shop-choice: the server remembers the shop in its cookie (and on the account when signed
 * in), so it renders that shop's pages. 204; a shop that does not take online orders is a 409
 * `location_not_online`.
 */
export function saveShopChoice(locationId: string): Promise<void> {
  return apiFetch<void>("/api/shop-choice", { method: "PUT", json: { locationId } });
}
