import { beforeAll, describe, expect, it } from "vitest";
import type { NumbersResponse } from "#common/numbers";
import { api, json } from "./helpers";
import { buildKnownNumbers, PHOENIX, type NumbersPeople } from "./numbers-fixtures";

let people: NumbersPeople;
beforeAll(async () => {
  people = await buildKnownNumbers();
});

const numbers = (cookie: string | undefined, query: string, path = "/api/staff/numbers") =>
  api(`${path}?${query}`, { headers: cookie ? { Cookie: cookie } : {} });

async function figures(cookie: string, query: string): Promise<NumbersResponse> {
  const response = await numbers(cookie, query);
  expect(response.status, await response.clone().text()).toBe(200);
  return json<NumbersResponse>(response);
}

const ANAHEIM_JUNE_10 = "from=2026-06-10&to=2026-06-10&location=loc-anaheim";

describe("who sees the numbers", () => {
  const paths = ["/api/staff/numbers", "/api/staff/numbers/orders.csv", "/api/staff/numbers/lines.csv"];

  it("answers 401 to a guest, whatever the path or query", async () => {
    for (const path of [...paths, "/api/staff/numbers/", "/API/staff/numbers"]) {
      const response = await numbers(undefined, ANAHEIM_JUNE_10, path);
      expect([401, 404], path).toContain(response.status);
      if (path.startsWith("/api/")) expect(response.status, path).toBe(401);
    }
    const forged = await numbers("__Host-squeeze_session=forged; squeeze_session=forged", ANAHEIM_JUNE_10);
    expect(forged.status).toBe(401);
  });

  it("answers 403 to a shopper and to a member with the staff role", async () => {
    for (const who of [people.shopper, people.barista]) {
      for (const path of paths) {
        for (const query of [
          ANAHEIM_JUNE_10,
          "from=2026-06-10&to=2026-06-10",
          `from=2026-06-10&to=2026-06-10&location=${PHOENIX.id}`,
        ]) {
          const response = await numbers(who.cookie, query, path);
          expect(response.status, `${path}?${query}`).toBe(403);
          expect(await json(response)).toMatchObject({ error: { code: "forbidden" } });
        }
      }
    }
  });

  it("answers 403 to a manager asking for a shop they are not listed for, in several spellings", async () => {
    for (const location of [
      PHOENIX.id,
      PHOENIX.id.toUpperCase(),
      ` ${PHOENIX.id}`,
      `${PHOENIX.id}%20`,
      "loc-nowhere",
      "loc-anaheim%00",
    ]) {
      for (const path of paths) {
        const response = await numbers(
          people.manager.cookie,
          `from=2026-06-10&to=2026-06-10&location=${location}`,
          path,
        );
        expect(response.status, `${path} ${location}`).toBe(403);
      }
    }
    expect((await numbers(people.manager.cookie, ANAHEIM_JUNE_10)).status).toBe(200);
  });

  it("gives a manager without ?location= only their own shops, and the owner every shop", async () => {
    // The development seed lists manager@example.com at Anaheim and Fullerton, not Scottsdale.
    const manager = await figures(people.manager.cookie, "from=2026-06-10&to=2026-06-10");
    expect(manager.locations.map((shop) => shop.id).sort()).toEqual(["loc-anaheim", "loc-fullerton"]);
    expect(manager.viewable.map((shop) => shop.id).sort()).toEqual(["loc-anaheim", "loc-fullerton"]);
    const owner = await figures(people.owner.cookie, "from=2026-06-10&to=2026-06-10");
    expect(owner.locations.map((shop) => shop.id).sort()).toEqual(
      ["loc-anaheim", "loc-fullerton", "loc-scottsdale", PHOENIX.id].sort(),
    );
    const both = await figures(people.managerOfBoth.cookie, `from=2026-06-10&to=2026-06-10&location=${PHOENIX.id}`);
    expect(both.locations).toEqual([PHOENIX]);
  });

  it("refuses a bad range with 400 naming the field", async () => {
    const cases: [string, string][] = [
      ["from=2026-06-11&to=2026-06-10", "to"],
      ["from=2026-01-01&to=2027-01-01", "to"],
      ["from=2025-06-10&to=2026-06-10", "to"],
      ["from=2026-02-30&to=2026-03-01", "from"],
      ["from=2026-6-1&to=2026-06-10", "from"],
      ["to=2026-06-10", "from"],
      ["from=2026-06-10", "to"],
      ["from=2026-06-10&to=tomorrow", "to"],
      ["from=2026-06-10&to=2026-06-10&location=", "location"],
      // Before 2000: no sale is that old, and the shop's clock had no time zone before 1883.
      ["from=0100-01-01&to=0100-12-31", "from"],
      ["from=1582-10-05&to=1582-10-14", "from"],
      ["from=1999-12-31&to=2000-01-01", "from"],
      ["from=2000-01-01&to=1883-11-18", "to"],
    ];
    for (const [query, field] of cases) {
      for (const path of paths) {
        const response = await numbers(people.owner.cookie, query, path);
        expect(response.status, `${path}?${query}`).toBe(400);
        expect(await json(response), query).toMatchObject({ error: { code: "invalid_input", field } });
      }
    }
    // A whole year is allowed: up to the day before the same date a year on.
    expect((await numbers(people.owner.cookie, "from=2026-01-01&to=2026-12-31")).status).toBe(200);
  });
});

describe("the figures", () => {
  it("counts Anaheim's June 10 to the cent", async () => {
    const day = await figures(people.owner.cookie, ANAHEIM_JUNE_10);
    expect(day.totals).toEqual({
      orders: 9,
      drinks: 13,
      grossSalesCents: 7425,
      discountsCents: 0,
      discountParts: { promo: 0, loyalty: 0 },
      refundsCents: 1050,
      refundsOfTheseSalesCents: 1050,
      refundsOfEarlierSalesCents: 0,
      netSalesCents: 6375,
      tipsCents: 650,
      deliveryFeesCents: 399,
      totalCollectedCents: 5525,
      averageOrderCents: 825,
    });
    expect(day.apart).toEqual({
      cancelled: { orders: 1, cents: 700 },
      refundsOwed: { orders: 1, cents: 700 },
      notCollected: { orders: 0, cents: 0 },
      toCollect: { orders: 1, cents: 1899 },
    });
    // What is owed and what was taken add up to the sales, tips and fees.
    const { totals, apart } = day;
    expect(totals.netSalesCents + totals.tipsCents + totals.deliveryFeesCents).toBe(
      totals.totalCollectedCents + apart.toCollect.cents + apart.notCollected.cents,
    );
    expect(day.byPayment).toEqual([
      { key: "card", orders: 5, netSalesCents: 3875, totalCollectedCents: 4275 },
      { key: "counter", orders: 3, netSalesCents: 1200, totalCollectedCents: 1250 },
      { key: "door", orders: 1, netSalesCents: 1300, totalCollectedCents: 0 },
    ]);
    expect(day.byFulfilment).toEqual([
      { key: "pickup", orders: 7, netSalesCents: 5075, totalCollectedCents: 5525 },
      { key: "delivery", orders: 2, netSalesCents: 1300, totalCollectedCents: 0 },
    ]);
    expect(day.byChannel).toEqual([{ key: "online", orders: 9, netSalesCents: 6375, totalCollectedCents: 5525 }]);
    expect(day.byDay).toEqual([
      {
        date: "2026-06-10",
        orders: 9,
        grossSalesCents: 7425,
        discountsCents: 0,
        discountParts: { promo: 0, loyalty: 0 },
        refundsCents: 1050,
        netSalesCents: 6375,
        tipsCents: 650,
        totalCollectedCents: 5525,
      },
    ]);
  });

  it("puts each sale and refund in the hour of the shop's clock it happened", async () => {
    const day = await figures(people.owner.cookie, ANAHEIM_JUNE_10);
    expect(day.byHour).toHaveLength(24);
    const busy = day.byHour.filter((hour) => hour.orders !== 0 || hour.netSalesCents !== 0);
    expect(busy).toMatchObject([
      { hour: 9, repeat: false, orders: 1, netSalesCents: 2025 },
      { hour: 10, repeat: false, orders: 1, netSalesCents: 600 },
      { hour: 11, repeat: false, orders: 1, netSalesCents: 550 },
      { hour: 12, repeat: false, orders: 1, netSalesCents: 700 },
      { hour: 13, repeat: false, orders: 1, netSalesCents: 0 },
      { hour: 15, repeat: false, orders: 2, netSalesCents: 1650 },
      { hour: 16, repeat: false, orders: 0, grossSalesCents: 0, refundsCents: 350, netSalesCents: -350 },
      { hour: 22, repeat: false, orders: 1, netSalesCents: 600 },
      { hour: 23, repeat: false, orders: 1, netSalesCents: 600 },
    ]);
    const sum = day.byHour.reduce((total, hour) => total + hour.netSalesCents, 0);
    expect(sum).toBe(day.totals.netSalesCents);
  });

  it("counts a refund on the day it was made, and a range adds its days up", async () => {
    const next = await figures(people.owner.cookie, "from=2026-06-11&to=2026-06-11&location=loc-anaheim");
    expect(next.totals).toMatchObject({
      orders: 0,
      grossSalesCents: 0,
      refundsCents: 550,
      netSalesCents: -550,
      tipsCents: -100,
      totalCollectedCents: -650,
    });
    const both = await figures(people.owner.cookie, "from=2026-06-10&to=2026-06-11&location=loc-anaheim");
    expect(both.totals).toMatchObject({ orders: 9, refundsCents: 1600, netSalesCents: 5825, tipsCents: 550 });
    expect(both.byDay.map((day) => [day.date, day.netSalesCents])).toEqual([
      ["2026-06-10", 6375],
      ["2026-06-11", -550],
    ]);
    // A longer range sums each hour of the day across its days.
    expect(both.byHour).toHaveLength(24);
    expect(both.byHour.find((hour) => hour.hour === 10)).toEqual({
      hour: 10,
      repeat: false,
      orders: 1,
      grossSalesCents: 600,
      discountsCents: 0,
      discountParts: { promo: 0, loyalty: 0 },
      refundsCents: 550,
      netSalesCents: 600 - 550,
    });
  });

  it("lists what sold, top sellers first, with add-on options", async () => {
    const day = await figures(people.owner.cookie, ANAHEIM_JUNE_10);
    expect(day.items).toEqual([
      {
        name: "Green Machine",
        size: "large",
        quantity: 2,
        grossSalesCents: 1650,
        discountsCents: 0,
        refundsCents: 0,
        netSalesCents: 1650,
      },
      {
        name: "Berry Blast",
        size: "medium",
        quantity: 2,
        grossSalesCents: 1300,
        discountsCents: 0,
        refundsCents: 0,
        netSalesCents: 1300,
      },
      {
        name: "Sunrise Orange",
        size: "medium",
        quantity: 2,
        grossSalesCents: 1200,
        discountsCents: 0,
        refundsCents: 0,
        netSalesCents: 1200,
      },
      {
        name: "Ginger Shot",
        size: "default",
        quantity: 4,
        grossSalesCents: 1425,
        discountsCents: 0,
        refundsCents: 350,
        netSalesCents: 1075,
      },
      {
        name: "Green Machine",
        size: "small",
        quantity: 1,
        grossSalesCents: 600,
        discountsCents: 0,
        refundsCents: 0,
        netSalesCents: 600,
      },
      {
        name: "Berry Blast",
        size: "small",
        quantity: 1,
        grossSalesCents: 550,
        discountsCents: 0,
        refundsCents: 0,
        netSalesCents: 550,
      },
      {
        name: "Green Machine",
        size: "medium",
        quantity: 1,
        grossSalesCents: 700,
        discountsCents: 0,
        refundsCents: 700,
        netSalesCents: 0,
      },
    ]);
    expect(day.items.reduce((sum, item) => sum + item.netSalesCents, 0)).toBe(day.totals.netSalesCents);
    expect(day.options).toEqual([
      { name: "Extra ginger", quantity: 2, grossSalesCents: 150, refundsCents: 0, netSalesCents: 150 },
      { name: "Chia", quantity: 2, grossSalesCents: 100, refundsCents: 0, netSalesCents: 100 },
      { name: "Honey", quantity: 1, grossSalesCents: 25, refundsCents: 0, netSalesCents: 25 },
    ]);
  });

  it("counts each shop on its own calendar, and every shop for the owner", async () => {
    const phoenix = await figures(people.owner.cookie, `from=2026-06-10&to=2026-06-10&location=${PHOENIX.id}`);
    expect(phoenix.totals).toMatchObject({ orders: 1, grossSalesCents: 2100, totalCollectedCents: 2100 });
    const before = await figures(people.owner.cookie, `from=2026-06-09&to=2026-06-09&location=${PHOENIX.id}`);
    expect(before.totals).toMatchObject({ orders: 1, grossSalesCents: 500 });
    const all = await figures(people.owner.cookie, "from=2026-06-10&to=2026-06-10");
    expect(all.totals).toMatchObject({ orders: 10, grossSalesCents: 9525, netSalesCents: 8475 });
  });

  it("has 23 hours on March 8 and 25 on November 1, 2026, with the days cut at the shop's midnight", async () => {
    const spring = await figures(people.owner.cookie, "from=2026-03-08&to=2026-03-08&location=loc-anaheim");
    expect(spring.byHour.map((hour) => hour.hour)).toEqual([0, 1, ...Array.from({ length: 21 }, (_, i) => i + 3)]);
    expect(spring.byHour.filter((hour) => hour.orders > 0)).toMatchObject([
      { hour: 1, repeat: false, orders: 1, netSalesCents: 500 },
      { hour: 3, repeat: false, orders: 1, netSalesCents: 500 },
    ]);
    expect(spring.totals.orders).toBe(2);
    const after = await figures(people.owner.cookie, "from=2026-03-09&to=2026-03-09&location=loc-anaheim");
    expect(after.totals.orders).toBe(1);

    const fall = await figures(people.owner.cookie, "from=2026-11-01&to=2026-11-01&location=loc-anaheim");
    expect(fall.byHour).toHaveLength(25);
    expect(fall.byHour.slice(0, 4).map(({ hour, repeat }) => [hour, repeat])).toEqual([
      [0, false],
      [1, false],
      [1, true],
      [2, false],
    ]);
    expect(fall.byHour.filter((hour) => hour.orders > 0)).toMatchObject([
      { hour: 1, repeat: false, orders: 1, netSalesCents: 500 },
      { hour: 1, repeat: true, orders: 1, netSalesCents: 500 },
      { hour: 23, repeat: false, orders: 1, netSalesCents: 500 },
    ]);
    expect(fall.totals.orders).toBe(3);
  });
});
