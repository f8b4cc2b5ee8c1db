import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { HourFigures, NumbersResponse } from "#common/numbers";
import StaffBoardPage from "#web/features/staff-board/staff-board-page";
import StaffLayout from "#web/features/staff-board/staff-layout";
import StaffNumbersPage from "#web/features/staff-numbers/staff-numbers-page";
import { json, mockApi, renderRoutes, resetStores, type Handler } from "./storefront-helpers";

const quietBoard: Handler = () =>
  json({
    location: {
      id: "loc-anaheim",
      name: "Squeeze Anaheim",
      timeZone: "America/Los_Angeles",
      ageThresholds: { warnAfterMinutes: 5, lateAfterMinutes: 10 },
      drinkLimits: { perOrder: 40, perSlot: 12 },
    },
    orders: [],
    done: [],
  });

/** The member's shops on the staff pages: their role at the shop shown is the one that counts. */
const staffShops =
  (role: string, more: { locationId: string; locationName: string }[] = []): Handler =>
  () => {
    const current = { locationId: "loc-anaheim", locationName: "Squeeze Anaheim", role };
    return json({ shops: [current, ...more.map((shop) => ({ ...shop, role }))], current });
  };

/** November 1, 2026 in Los Angeles: 1 a.m. twice. */
const hourOf = (hour: number, repeat: boolean, orders: number, grossSalesCents: number, discountsCents = 0) => ({
  hour,
  repeat,
  orders,
  grossSalesCents,
  discountsCents,
  discountParts: { promo: discountsCents, loyalty: 0 },
  refundsCents: 0,
  netSalesCents: grossSalesCents - discountsCents,
});
const FALL_BACK_HOURS: HourFigures[] = [
  hourOf(0, false, 0, 0),
  hourOf(1, false, 1, 500),
  hourOf(1, true, 2, 1400, 150),
  ...Array.from({ length: 22 }, (_, index) => hourOf(index + 2, false, 0, 0)),
];

/**
 * The first shop keeps this device's clock, so "today" is the same day for both whatever the hour
 * the tests run (a shop on another clock makes the page ask again for the shop's today).
 */
const DEVICE_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const SHOPS = [
  { id: "loc-anaheim", name: "Squeeze Anaheim", timeZone: DEVICE_ZONE },
  { id: "loc-phoenix", name: "Squeeze Phoenix", timeZone: "America/Phoenix" },
];

function answer(from: string, to: string, location: string | null): NumbersResponse {
  return {
    from,
    to,
    locations: location ? SHOPS.filter((shop) => shop.id === location) : SHOPS,
    viewable: SHOPS,
    totals: {
      orders: 3,
      drinks: 4,
      grossSalesCents: 212_495,
      discountsCents: 150,
      discountParts: { promo: 150, loyalty: 0 },
      refundsCents: 550,
      refundsOfTheseSalesCents: 200,
      refundsOfEarlierSalesCents: 350,
      netSalesCents: 211_795,
      tipsCents: 650,
      deliveryFeesCents: 399,
      totalCollectedCents: 180_000,
      averageOrderCents: 70_782,
    },
    apart: {
      cancelled: { orders: 1, cents: 700 },
      refundsOwed: { orders: 1, cents: 700 },
      notCollected: { orders: 0, cents: 0 },
      toCollect: { orders: 1, cents: 1899 },
    },
    byPayment: [
      { key: "card", orders: 2, netSalesCents: 200_000, totalCollectedCents: 170_000 },
      { key: "counter", orders: 1, netSalesCents: 11_795, totalCollectedCents: 10_000 },
      { key: "door", orders: 0, netSalesCents: 0, totalCollectedCents: 0 },
    ],
    byFulfilment: [
      { key: "pickup", orders: 3, netSalesCents: 211_795, totalCollectedCents: 180_000 },
      { key: "delivery", orders: 0, netSalesCents: 0, totalCollectedCents: 0 },
    ],
    byChannel: [{ key: "online", orders: 3, netSalesCents: 211_795, totalCollectedCents: 180_000 }],
    byHour: FALL_BACK_HOURS,
    byDay: [
      {
        date: from,
        orders: 3,
        grossSalesCents: 212_495,
        discountsCents: 150,
        discountParts: { promo: 150, loyalty: 0 },
        refundsCents: 550,
        netSalesCents: 211_795,
        tipsCents: 650,
        totalCollectedCents: 180_000,
      },
    ],
    items: [
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
        name: "Ginger Shot",
        size: "default",
        quantity: 5,
        grossSalesCents: 1575,
        discountsCents: 150,
        refundsCents: 350,
        netSalesCents: 1075,
      },
    ],
    options: [{ name: "Oat milk", quantity: 2, grossSalesCents: 100, refundsCents: 0, netSalesCents: 100 }],
    promoCodes: [
      { code: "WELCOME10", uses: 1, discountCents: 150, usesLeft: null },
      { code: "FIVEUSES", uses: 0, discountCents: 0, usesLeft: 5 },
    ],
    stampCard: { earned: 11, spent: 9, rewardsSpent: 1, outstanding: 240 },
  };
}

const PHOENIX = { locationId: "loc-phoenix", locationName: "Squeeze Phoenix" };

function numbersApi(role = "owner", numbers?: Handler, more: { locationId: string; locationName: string }[] = []) {
  return mockApi({
    "GET /api/staff/orders": quietBoard,
    "GET /api/staff/shops": staffShops(role, more),
    "GET /api/staff/numbers":
      numbers ??
      (({ url }) => {
        const query = new URL(url, "http://localhost").searchParams;
        return json(answer(query.get("from")!, query.get("to")!, query.get("location")));
      }),
  });
}

function renderNumbers(path = "/staff/numbers") {
  return renderRoutes(
    [
      {
        path: "/staff",
        element: <StaffLayout />,
        children: [
          { index: true, element: <StaffBoardPage /> },
          { path: "numbers", element: <StaffNumbersPage /> },
        ],
      },
    ],
    path,
  );
}

beforeEach(() => {
  resetStores();
  vi.useRealTimers();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("the Numbers page", () => {
  it("shows the server's figures as they are, each with its line of help", async () => {
    numbersApi();
    renderNumbers();
    const list = await screen.findByLabelText("Figures");
    expect(within(list).getByText("$2,117.95")).toBeInTheDocument();
    expect(within(list).getByText("$1,800.00")).toBeInTheDocument();
    expect(within(list).getByText("$707.82")).toBeInTheDocument();
    expect(within(list).getByText(/Tips and delivery fees are not sales/)).toBeInTheDocument();
    const apart = screen.getByLabelText("Shown apart");
    expect(within(apart).getByText("$18.99 · 1 order")).toBeInTheDocument();
    // Refunds owed and cancelled.
    expect(within(apart).getAllByText("$7.00 · 1 order")).toHaveLength(2);
  });

  it("gives screen readers each hour of the day, the repeated hour twice", async () => {
    numbersApi();
    renderNumbers();
    const table = await screen.findByRole("table", { name: /Figures by hour/ });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(25);
    expect(rows.slice(1, 3).map((row) => row.textContent)).toEqual([
      "1 AM1$5.00$0.00$0.00$0.00$0.00$5.00",
      "1 AM (again)2$14.00$1.50$1.50$0.00$0.00$12.50",
    ]);
  });

  it("sorts what sold by quantity or net sales, top first", async () => {
    numbersApi();
    renderNumbers();
    const table = await screen.findByRole("table", { name: /Drinks by size/ });
    const names = () =>
      within(table)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent);
    expect(names()).toEqual(["Green Machine · Large", "Ginger Shot"]);
    await userEvent.click(within(table).getByRole("button", { name: /Sold/ }));
    expect(names()).toEqual(["Ginger Shot", "Green Machine · Large"]);
  });

  it("chooses the shop, or all shops, in one place: the staff bar; its exports carry the same query", async () => {
    const { calls } = numbersApi("owner", undefined, [PHOENIX]);
    renderNumbers();
    expect(await screen.findByText(/^Squeeze Anaheim · /)).toBeInTheDocument();
    // The page has no picker of its own: the staff bar's is the only "Shop".
    expect(screen.getAllByLabelText("Shop")).toHaveLength(1);
    await userEvent.selectOptions(screen.getByLabelText("Shop"), "all");
    expect(await screen.findByText(/^All shops · /)).toBeInTheDocument();
    const asked = calls.filter((call) => call.url.startsWith("/api/staff/numbers")).at(-1)!;
    expect(new URL(asked.url, "http://localhost").searchParams.get("location")).toBeNull();
    const link = screen.getByRole("link", { name: "Download orders.csv" });
    expect(link.getAttribute("href")).toBe(`/api/staff/numbers/orders.csv?${asked.url.split("?")[1]}`);
    expect(screen.getByRole("link", { name: "Download lines.csv" }).getAttribute("href")).not.toContain("location=");
  });

  it("while another range loads, says so and shows none of the previous range's figures", async () => {
    let release: (() => void) | undefined;
    numbersApi("owner", async ({ url }) => {
      const query = new URL(url, "http://localhost").searchParams;
      if (query.get("from") !== query.get("to")) await new Promise<void>((resolve) => (release = resolve));
      return json(answer(query.get("from")!, query.get("to")!, query.get("location")));
    });
    renderNumbers();
    expect(await screen.findByLabelText("Figures")).toHaveTextContent("$2,117.95");
    await userEvent.click(screen.getByRole("button", { name: "Last 12 months" }));
    expect(
      await screen.findByText(/^Loading the numbers of \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}…$/),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText("Figures")).toBeNull();
    expect(screen.queryByText("$2,117.95")).toBeNull();
    expect(screen.queryByText(/\(today\)/)).toBeNull();
    release!();
    expect(await screen.findByText(/^Squeeze Anaheim · \d{4}-\d{2}-\d{2} to /)).toBeInTheDocument();
    expect(screen.getByLabelText("Figures")).toHaveTextContent("$2,117.95");
  });

  it("abandons a range's request once another is asked for, and asks for the new one at once", async () => {
    const signals = new Map<string, AbortSignal | undefined>();
    const { spy } = numbersApi("owner", () => new Promise<Response>(() => {}));
    renderNumbers();
    await screen.findByText(/^Loading the numbers of /);
    const numbersCalls = () => spy.mock.calls.filter(([input]) => String(input).startsWith("/api/staff/numbers"));
    await userEvent.click(screen.getByRole("button", { name: "This month" }));
    await userEvent.click(screen.getByRole("button", { name: "Last 12 months" }));
    for (const [input, init] of numbersCalls()) signals.set(String(input), init?.signal ?? undefined);
    const asked = [...signals.keys()];
    // Every tap's request left before the answer of the one before it.
    expect(asked).toHaveLength(3);
    const [today, month, year] = asked.map((url) => signals.get(url));
    expect(today?.aborted).toBe(true);
    expect(month?.aborted).toBe(true);
    expect(year?.aborted).toBe(false);
  });

  it("on a device whose day is not the shop's, asks again for the shop's today and never shows the device's day as today", async () => {
    const dayIn = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
    // A shop whose calendar is on another day than this device's, whatever the hour.
    const shopZone = ["Pacific/Kiritimati", "Etc/GMT+12"].find((zone) => dayIn(zone) !== dayIn(DEVICE_ZONE))!;
    const shopToday = dayIn(shopZone);
    const { calls } = numbersApi("owner", ({ url }) => {
      const query = new URL(url, "http://localhost").searchParams;
      const figures = answer(query.get("from")!, query.get("to")!, query.get("location"));
      const shops = figures.viewable.map((shop) => ({ ...shop, timeZone: shopZone }));
      return json({ ...figures, viewable: shops, locations: shops.slice(0, 1) });
    });
    renderNumbers();
    expect(await screen.findByText(`Squeeze Anaheim · ${shopToday} (today)`)).toBeInTheDocument();
    const asked = calls.filter((call) => call.url.startsWith("/api/staff/numbers"));
    expect(new URL(asked.at(-1)!.url, "http://localhost").searchParams.get("from")).toBe(shopToday);
    expect(screen.queryByText(new RegExp(`${dayIn(DEVICE_ZONE)} \\(today\\)`))).toBeNull();
  });

  it("shows the discounts among the figures, and each promo code's uses, discount given and uses left", async () => {
    numbersApi();
    renderNumbers();
    const list = await screen.findByLabelText("Figures");
    const figure = (label: string) => within(list).getByText(label, { selector: "dt" }).parentElement!;
    expect(figure("Discounts")).toHaveTextContent("$1.50");
    expect(figure("Gross sales")).toHaveTextContent("$2,124.95");
    expect(figure("Net sales")).toHaveTextContent("$2,117.95");
    const codes = screen.getByRole("table", { name: "Codes, most discount given first" });
    expect(
      within(codes)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(["WELCOME101$1.50No limit", "FIVEUSES0$0.005"]);
  });

  it("says the Discounts figure's parts, promo codes and loyalty, and the stamp card with what the cards hold", async () => {
    numbersApi("owner", ({ url }) => {
      const query = new URL(url, "http://localhost").searchParams;
      const figures = answer(query.get("from")!, query.get("to")!, query.get("location"));
      return json({
        ...figures,
        totals: { ...figures.totals, discountsCents: 799, discountParts: { promo: 150, loyalty: 649 } },
      });
    });
    renderNumbers();
    const list = await screen.findByLabelText("Figures");
    const figure = (label: string) => within(list).getByText(label, { selector: "dt" }).parentElement!;
    expect(figure("Discounts")).toHaveTextContent("$7.99Promo codes $1.50 · Loyalty $6.49");
    const card = screen.getByLabelText("Stamp card figures");
    expect(
      within(card)
        .getAllByRole("term")
        .map((term) => `${term.textContent} ${term.nextElementSibling!.textContent}`),
    ).toEqual(["Stamps earned 11", "Stamps spent 9", "Rewards spent 1", "Stamps outstanding 240"]);
  });

  it("shows no stamps outstanding when the server leaves them out (a manager's numbers)", async () => {
    numbersApi("manager", ({ url }) => {
      const query = new URL(url, "http://localhost").searchParams;
      const figures = answer(query.get("from")!, query.get("to")!, query.get("location"));
      return json({ ...figures, stampCard: { earned: 11, spent: 9, rewardsSpent: 1 } });
    });
    renderNumbers();
    const card = await screen.findByLabelText("Stamp card figures");
    expect(within(card).getByText("Rewards spent")).toBeInTheDocument();
    expect(within(card).queryByText("Stamps outstanding")).toBeNull();
  });

  it("shows refunds of earlier sales on their own line, and the average order of these days' sales", async () => {
    numbersApi();
    renderNumbers();
    const list = await screen.findByLabelText("Figures");
    const figure = (label: string) => within(list).getByText(label, { selector: "dt" }).parentElement!;
    expect(figure("Refunds")).toHaveTextContent("$2.00");
    expect(figure("Refunds of earlier sales")).toHaveTextContent("$3.50");
    expect(figure("Refunds of earlier sales")).toHaveTextContent(/placed before them/);
    expect(figure("Average order")).toHaveTextContent("$707.82");
  });

  it("shows a bar's value on a tap, and values on the value axis", async () => {
    numbersApi();
    renderNumbers();
    const chart = await screen.findByRole("figure", { name: "Orders" });
    expect(within(chart).getByTestId("chart-axis")).toHaveTextContent("2");
    expect(within(chart).getByTestId("chart-axis")).toHaveTextContent("0");
    const svg = chart.querySelector("svg")!;
    // 25 hours across 250 px: the third bar (1 AM again) spans 20 to 30.
    svg.getBoundingClientRect = () => ({
      left: 0,
      width: 250,
      top: 0,
      height: 100,
      right: 250,
      bottom: 100,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    const user = userEvent.setup();
    await user.pointer({ keys: "[TouchA]", target: svg, coords: { clientX: 25, clientY: 50 } });
    expect(within(chart).getByTestId("chart-readout")).toHaveTextContent("1 AM (again): 2");
    const sales = screen.getByRole("figure", { name: "Net sales" });
    expect(within(sales).getByTestId("chart-axis")).toHaveTextContent("$12.50");
  });

  it("shows the Numbers tab to the owner and a manager, not to staff, and says so to a barista who opens it", async () => {
    numbersApi("manager");
    const { unmount } = renderNumbers("/staff");
    expect(await screen.findByRole("link", { name: "Numbers" })).toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();

    numbersApi("staff", () =>
      json({ error: { code: "forbidden", message: "Only the shops' managers and owner see the numbers" } }, 403),
    );
    renderNumbers();
    expect(await screen.findByRole("alert")).toHaveTextContent("for the shops' managers and owner");
    expect(screen.queryByRole("link", { name: "Numbers" })).toBeNull();
  });
});
