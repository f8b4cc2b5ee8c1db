import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SoldOutChangeRequest, StaffAvailability } from "#common/staff-availability";
import StaffMenuPage from "#web/features/staff-menu/staff-menu-page";
import { json, mockApi, renderRoutes, resetStores, signedInUser, signInAs } from "./storefront-helpers";

const barista = {
  ...signedInUser,
  uid: "usr-barista",
  username: "Sam Barista",
  email: "barista@example.com",
  staff: { locationId: "loc-anaheim", locationName: "Squeeze Anaheim", role: "staff" as const },
};

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
    ],
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
  });
}

function renderMenuPage() {
  return renderRoutes(
    [
      { path: "/staff/menu", element: <StaffMenuPage /> },
      { path: "/staff", element: <h1>Order board</h1> },
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
    signInAs(barista);
    availabilityApi();
    renderMenuPage();
    expect(screen.getByRole("heading", { level: 1, name: "Menu and ordering" })).toBeInTheDocument();
    expect(screen.getByText("Squeeze Anaheim")).toBeInTheDocument();
    const tabs = screen.getByRole("navigation", { name: "Order board" });
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
    signInAs(barista);
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

  it("marks one size sold out and back", async () => {
    signInAs(barista);
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
    signInAs(barista);
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
    signInAs(barista);
    const { calls } = mockApi({
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

  it("tells someone who is not staff that the page is for the shop's staff, and asks the API nothing", async () => {
    signInAs(signedInUser);
    const { calls } = availabilityApi();
    renderMenuPage();
    expect(screen.getByText(/Only the shop's staff can use this page/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /available/ })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
