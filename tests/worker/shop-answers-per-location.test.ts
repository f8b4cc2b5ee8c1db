import { describe, expect, it } from "vitest";
import type { PickupDaysResponse, ShopStatus } from "#common/availability";
import type { DeliveryArea } from "#common/fulfilment";
import { api, json } from "./helpers";

/** The shopper's answers that belong to a shop: ?location=<id>, else the default shop as today. */
const SHOP_ANSWERS = ["/api/store", "/api/pickup-days", "/api/delivery-area", "/api/payment-methods"];

describe("?location= on the shopper's answers", () => {
  it("answers Scottsdale's state on its own clock, and Anaheim's without a location", async () => {
    const scottsdale = await json<ShopStatus>(await api("/api/store?location=loc-scottsdale"));
    expect(scottsdale).toMatchObject({
      locationId: "loc-scottsdale",
      locationName: "Squeeze Scottsdale",
      timeZone: "America/Phoenix",
      phone: "+1 480 555 0177",
    });
    expect((await json<ShopStatus>(await api("/api/store"))).locationId).toBe("loc-anaheim");
  });

  it("answers each shop's pickup days", async () => {
    const response = await api("/api/pickup-days?location=loc-fullerton");
    expect(response.status).toBe(200);
    expect((await json<PickupDaysResponse>(response)).pickupDays.length).toBeGreaterThan(0);
  });

  it("answers each shop's delivery area: Fullerton's ZIP codes and fee, none for Scottsdale, Anaheim's by default", async () => {
    const fullerton = await json<DeliveryArea>(await api("/api/delivery-area?location=loc-fullerton"));
    expect(fullerton).toEqual({
      pickupAddress: "305 North Harbor Blvd, Fullerton, CA 92832",
      deliveryFeeCents: 299,
      zipCodes: [
        { zip: "92831", city: "Fullerton" },
        { zip: "92832", city: "Fullerton" },
        { zip: "92833", city: "Fullerton" },
        { zip: "92835", city: "Fullerton" },
      ],
    });
    const scottsdale = await json<DeliveryArea>(await api("/api/delivery-area?location=loc-scottsdale"));
    expect(scottsdale).toMatchObject({ pickupAddress: "7014 East Camelback Rd, Scottsdale, AZ 85251", zipCodes: [] });
    const byDefault = await json<DeliveryArea>(await api("/api/delivery-area"));
    expect(byDefault.deliveryFeeCents).toBe(399);
    expect(byDefault.zipCodes.map((entry) => entry.zip)).toContain("92804");
  });

  it("answers the payment methods for a named shop as for the default one", async () => {
    const named = await api("/api/payment-methods?location=loc-scottsdale");
    expect(named.status).toBe(200);
    expect(await json(named)).toEqual(await json(await api("/api/payment-methods")));
  });

  describe.each(SHOP_ANSWERS)("%s", (path) => {
    it.each(["loc-nowhere", "LOC-ANAHEIM", "loc-anaheim-2", "anaheim"])(
      "refuses %s, which is no shop's id, naming location",
      async (id) => {
        const response = await api(`${path}?location=${id}`);
        expect(response.status).toBe(400);
        expect(await json(response)).toMatchObject({ error: { code: "invalid_input", field: "location" } });
      },
    );

    it.each(["", "%3Cscript%3E", "loc-anaheim'%20OR%201=1", "..%2Fstaff", "a".repeat(65)])(
      "refuses the malformed %j, naming location",
      async (id) => {
        const response = await api(`${path}?location=${id}`);
        expect(response.status).toBe(400);
        expect(await json(response)).toMatchObject({ error: { code: "invalid_input", field: "location" } });
      },
    );
  });
});
