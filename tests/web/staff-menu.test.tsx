import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OptionSoldOutChangeRequest, SoldOutChangeRequest, StaffAvailability } from "#common/staff-availability";
import StaffBoardPage from "#web/features/staff-board/staff-board-page";
import StaffLayout from "#web/features/staff-board/staff-layout";
import StaffMenuPage from "#web/features/staff-menu/staff-menu-page";
import { json, mockApi, renderRoutes, resetStores, type Handler } from "./storefront-helpers";

/** The board's answer the staff frame reads first: the location, and no open orders. */
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
    unpaid: [],
    earlier: { count: 0 },
    readAt: new Date().toISOString(),
  });

function freshAvailability(): StaffAvailability {
  return {
    timeZone: "America/Los_Angeles",
    pause: null,
    soldOut: [],
    menu: [
      {
        productId: "prd-berry-blast",
        name: "Berry Blast",
        categoryName: "Smoothies",
        sizes: ["small", "medium", "large"],
      },
      { productId: "prd-ginger-shot", name: "Ginger Fire Shot", categoryName: "Wellness Shots", sizes: ["default"] },
      {
        productId: "prd-mango-tango",
        name: "Mango Tango",
        categoryName: "Smoothies",
        sizes: ["small", "medium", "large"],
      },
    ],
    addOns: [
      {
        groupId: "grp-milk",
        name: "Milk",
        offeredWith: ["Berry Blast", "Mango Tango"],
        options: [
          { optionId: "opt-milk-dairy", name: "Dairy milk" },
          { optionId: "opt-milk-oat", name: "Oat milk" },
          { optionId: "opt-milk-almond", name: "Almond milk" },
        ],
      },
    ],
    soldOutOptions: [],
  };
}

/**
 * The staff availability API at `fetch`, keeping its state the way the worker does: each change
 * answers the whole availability as it now is.
 */
function availabilityApi(availability = freshAvailability()) {
  let state = availability;
  const answer = () => json(state);
  return mockApi({
    "GET /api/staff/orders": quietBoard,
    "GET /api/staff/availability": answer,
    "POST /api/staff/availability/pause": ({ body }) => {
      const { minutes } = body as { minutes: number | null };
      state = {
        ...state,
        pause: {
          // 18:15 UTC is 10:15 AM in Anaheim in November.
          pausedUntil: minutes === null ? null : "2026-11-23T18:15:00.000Z",
          pausedBy: "Sam Barista",
          pausedAt: "2026-11-23T18:00:00.000Z",
        },
      };
      return answer();
    },
    "POST /api/staff/availability/resume": () => {
      state = { ...state, pause: null };
      return answer();
    },
    "POST /api/staff/availability/sold-out": ({ body }) => {
      const { productId, size, soldOut } = body as SoldOutChangeRequest;
      const others = state.soldOut.filter((mark) => !(mark.productId === productId && mark.size === size));
      state = {
        ...state,
        soldOut: soldOut
          ? [...others, { productId, size, markedBy: "Sam Barista", markedAt: "2026-11-23T18:00:00.000Z" }]
          : others,
      };
      return answer();
    },
    "POST /api/staff/availability/option-sold-out": ({ body }) => {
      const { optionId, soldOut } = body as OptionSoldOutChangeRequest;
      const others = state.soldOutOptions.filter((mark) => mark.optionId !== optionId);
      state = {
        ...state,
        soldOutOptions: soldOut
          ? [...others, { optionId, markedBy: "Sam Barista", markedAt: "2026-11-23T18:00:00.000Z" }]
          : others,
      };
      return answer();
    },
  });
}

/** The Menu page in the staff frame, as the app routes it. */
function renderMenuPage() {
  return renderRoutes(
    [
      {
        path: "/staff",
        element: <StaffLayout />,
        children: [
          { index: true, element: <StaffBoardPage /> },
          { path: "menu", element: <StaffMenuPage /> },
        ],
      },
    ],
    "/staff/menu",
  );
}

const posts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls
    .filter((call) => call.method === "POST")
    .map(({ url, body }) => ({ path: new URL(url, "http://x").pathname, body }));

beforeEach(resetStores);
afterEach(() => vi.restoreAllMocks());

describe("the staff Menu page", () => {
  it("shows the shop's state: taking orders, every drink available, sizes only for drinks that have them", async () => {
    availabilityApi();
    renderMenuPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Menu and ordering" })).toBeInTheDocument();
    expect(screen.getByText("Squeeze Anaheim", { exact: false })).toBeInTheDocument();
    // The staff side's own frame: its tabs, not the shop's header, cart or "Order now".
    expect(screen.queryByRole("button", { name: /cart/i })).not.toBeInTheDocument();
    const tabs = screen.getByRole("navigation", { name: "Staff pages" });
    expect(within(tabs).getByRole("link", { name: "Menu" })).toHaveAttribute("aria-current", "page");
    expect(within(tabs).getByRole("link", { name: "Orders" })).toHaveAttribute("href", "/staff");

    const online = await screen.findByRole("region", { name: "Online orders" });
    expect(within(online).getByRole("status")).toHaveTextContent("Taking online orders.");
    const pauseButtons = within(within(online).getByRole("group", { name: "Pause online orders" })).getAllByRole(
      "button",
    );
    // Each button's name holds the words it shows, for voice control.
    expect(pauseButtons.map((button) => button.textContent)).toEqual([
      "15 minutes",
      "30 minutes",
      "60 minutes",
      "Until resumed",
    ]);
    expect(pauseButtons.map((button) => button.getAttribute("aria-label"))).toEqual([
      "Pause online orders for 15 minutes",
      "Pause online orders for 30 minutes",
      "Pause online orders for 60 minutes",
      "Pause online orders until resumed",
    ]);
    expect(within(online).queryByRole("button", { name: "Resume online orders" })).not.toBeInTheDocument();

    const soldOut = screen.getByRole("region", { name: "Sold out" });
    expect(within(soldOut).getByRole("button", { name: "Berry Blast: available" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    for (const size of ["Small", "Medium", "Large"]) {
      expect(within(soldOut).getByRole("button", { name: `Berry Blast ${size}: available` })).toHaveAttribute(
        "aria-pressed",
        "false",
      );
    }
    expect(within(soldOut).getByRole("button", { name: "Ginger Fire Shot: available" })).toBeInTheDocument();
    expect(within(soldOut).queryByRole("button", { name: /Ginger Fire Shot .*: available/ })).not.toBeInTheDocument();
  });

  it("marks a drink sold out, holds its sizes while it is, and undoes it with one tap", async () => {
    const { calls } = availabilityApi();
    const user = userEvent.setup();
    renderMenuPage();
    await user.click(await screen.findByRole("button", { name: "Berry Blast: available" }));

    const marked = await screen.findByRole("button", { name: "Berry Blast: sold out" });
    expect(marked).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Berry Blast Large: available" })).toBeDisabled();
    expect(screen.getByText("Berry Blast marked sold out.")).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      {
        path: "/api/staff/availability/sold-out",
        body: { productId: "prd-berry-blast", size: "all", soldOut: true },
      },
    ]);

    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByRole("button", { name: "Berry Blast: available" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    expect(posts(calls).at(-1)).toEqual({
      path: "/api/staff/availability/sold-out",
      body: { productId: "prd-berry-blast", size: "all", soldOut: false },
    });
    // An undo is not itself offered for undoing.
    expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument();
  });

  it("marks oat milk sold out at the shop with one tap, says so, and undoes it", async () => {
    const { calls } = availabilityApi();
    const user = userEvent.setup();
    renderMenuPage();
    const addOns = await screen.findByRole("region", { name: "Add-ons" });
    const milk = within(addOns).getByRole("region", { name: "Milk" });
    expect(within(milk).getByText("With Berry Blast, Mango Tango")).toBeInTheDocument();
    expect(
      within(milk)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Dairy milk", "Oat milk", "Almond milk"]);
    await user.click(within(milk).getByRole("button", { name: "Oat milk (Milk): available" }));

    const oat = await within(milk).findByRole("button", { name: "Oat milk (Milk): sold out" });
    expect(oat).toHaveAttribute("aria-pressed", "true");
    expect(oat).toHaveTextContent("Oat milk · sold out");
    expect(within(milk).getByRole("button", { name: "Almond milk (Milk): available" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    expect(screen.getByText("Oat milk marked sold out.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(await within(milk).findByRole("button", { name: "Oat milk (Milk): available" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    expect(posts(calls)).toEqual([
      { path: "/api/staff/availability/option-sold-out", body: { optionId: "opt-milk-oat", soldOut: true } },
      { path: "/api/staff/availability/option-sold-out", body: { optionId: "opt-milk-oat", soldOut: false } },
    ]);
    expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument();
  });

  it("marks one size sold out and back", async () => {
    const { calls } = availabilityApi();
    const user = userEvent.setup();
    renderMenuPage();
    await user.click(await screen.findByRole("button", { name: "Berry Blast Large: available" }));
    const large = await screen.findByRole("button", { name: "Berry Blast Large: sold out" });
    expect(large).toHaveAttribute("aria-pressed", "true");
    expect(large).toHaveTextContent("Large · sold out");
    expect(screen.getByText("Berry Blast (Large) marked sold out.")).toBeInTheDocument();
    // The drink itself and its other sizes stay available.
    expect(screen.getByRole("button", { name: "Berry Blast: available" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Berry Blast Small: available" })).toBeEnabled();

    await user.click(large);
    expect(await screen.findByText("Berry Blast (Large) is back on the menu.")).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      {
        path: "/api/staff/availability/sold-out",
        body: { productId: "prd-berry-blast", size: "large", soldOut: true },
      },
      {
        path: "/api/staff/availability/sold-out",
        body: { productId: "prd-berry-blast", size: "large", soldOut: false },
      },
    ]);
  });

  it("pauses online orders for a while, says until when on the shop's clock, and resumes them", async () => {
    const { calls } = availabilityApi();
    const user = userEvent.setup();
    renderMenuPage();
    await user.click(await screen.findByRole("button", { name: "Pause online orders for 15 minutes" }));
    const online = screen.getByRole("region", { name: "Online orders" });
    expect(await within(online).findByText("Paused until 10:15 AM (by Sam Barista).")).toBeInTheDocument();

    await user.click(within(online).getByRole("button", { name: "Resume online orders" }));
    expect(await within(online).findByText("Taking online orders.")).toBeInTheDocument();

    await user.click(within(online).getByRole("button", { name: "Pause online orders until resumed" }));
    expect(await within(online).findByText("Paused until resumed (by Sam Barista).")).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      { path: "/api/staff/availability/pause", body: { minutes: 15 } },
      { path: "/api/staff/availability/resume", body: {} },
      { path: "/api/staff/availability/pause", body: { minutes: null } },
    ]);
  });

  it("says what went wrong when a change is refused, and keeps the drink as it was", async () => {
    const { calls } = mockApi({
      "GET /api/staff/orders": quietBoard,
      "GET /api/staff/availability": () => json(freshAvailability()),
      "POST /api/staff/availability/sold-out": () =>
        json({ error: { code: "not_found", message: "Drink not found", field: "productId" } }, 404),
    });
    const user = userEvent.setup();
    renderMenuPage();
    await user.click(await screen.findByRole("button", { name: "Berry Blast: available" }));
    expect(await screen.findByText("Drink not found")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Berry Blast: available" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument();
    expect(posts(calls)).toHaveLength(1);
  });

  it("groups the drinks by category and finds one by name", async () => {
    availabilityApi();
    const user = userEvent.setup();
    renderMenuPage();
    const soldOut = await screen.findByRole("region", { name: "Sold out" });
    const groups = within(soldOut).getAllByRole("region");
    expect(groups.map((group) => within(group).getByRole("heading").textContent)).toEqual([
      "Smoothies",
      "Wellness Shots",
    ]);
    expect(
      within(groups[0]!)
        .getAllByRole("listitem")
        .map((item) => item.querySelector("strong")?.textContent),
    ).toEqual(["Berry Blast", "Mango Tango"]);
    await user.type(within(soldOut).getByRole("searchbox", { name: "Find a drink" }), "mango");
    expect(
      within(soldOut)
        .getAllByRole("region")
        .map((group) => within(group).getByRole("heading").textContent),
    ).toEqual(["Smoothies"]);
    expect(within(soldOut).getByRole("button", { name: "Mango Tango: available" })).toBeInTheDocument();
    expect(within(soldOut).queryByRole("button", { name: "Berry Blast: available" })).not.toBeInTheDocument();
    await user.clear(within(soldOut).getByRole("searchbox", { name: "Find a drink" }));
    await user.type(within(soldOut).getByRole("searchbox", { name: "Find a drink" }), "kiwi");
    expect(within(soldOut).getByText("No drink matches “kiwi”.")).toHaveAttribute("role", "status");
  });

  it("shows a change and its undo at once, before the shop's answer arrives", async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({
      "GET /api/staff/orders": quietBoard,
      "GET /api/staff/availability": () => json(freshAvailability()),
      "POST /api/staff/availability/sold-out": () => new Promise<Response>((resolve) => (answer = resolve)),
      "POST /api/staff/availability/pause": () => new Promise<Response>(() => {}),
    });
    const user = userEvent.setup();
    renderMenuPage();
    await user.click(await screen.findByRole("button", { name: "Berry Blast: available" }));
    expect(screen.getByRole("button", { name: "Berry Blast: sold out" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText("Berry Blast marked sold out.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Undo" })).toBeInTheDocument();
    answer(
      json({
        ...freshAvailability(),
        soldOut: [
          { productId: "prd-berry-blast", size: "all", markedBy: "Sam Barista", markedAt: "2026-11-23T18:00:00.000Z" },
        ],
      }),
    );
    expect(await screen.findByRole("button", { name: "Berry Blast: sold out" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Pause online orders until resumed" }));
    expect(
      within(screen.getByRole("region", { name: "Online orders" })).getByText("Paused until resumed (by you)."),
    ).toBeInTheDocument();
  });
});
