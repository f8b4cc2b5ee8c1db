import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffMembership } from "#common/staff";
import { useNewOrderAlerts } from "#web/features/staff-board/alerts/new-order-alerts";
import StaffBoardPage from "#web/features/staff-board/staff-board-page";
import StaffLayout from "#web/features/staff-board/staff-layout";
import { FakeWebSocket } from "./fake-websocket";
import { json, mockApi, renderRoutes, resetStores } from "./storefront-helpers";

const shop = (id: string, name: string) => ({
  id,
  name,
  timeZone: "America/Los_Angeles",
  ageThresholds: { warnAfterMinutes: 5, lateAfterMinutes: 10 },
  drinkLimits: { perOrder: 40, perSlot: 12 },
  openingHours: {
    timeZone: "America/Los_Angeles",
    weekly: ([0, 1, 2, 3, 4, 5, 6] as const).map((weekday) => ({ weekday, opens: "00:00", closes: "00:00" })),
    exceptions: [],
  },
});
const SHOPS = {
  "loc-anaheim": shop("loc-anaheim", "Squeeze Anaheim"),
  "loc-fullerton": shop("loc-fullerton", "Squeeze Fullerton"),
};
const member = (locationId: keyof typeof SHOPS, role: StaffMembership["role"]): StaffMembership => ({
  locationId,
  locationName: SHOPS[locationId].name,
  role,
});

/** The server's side of the switch: the shop last chosen answers every staff request without ?location=. */
function staffApi(memberships: StaffMembership[]) {
  let current = memberships[0]!;
  return mockApi({
    "GET /api/staff/orders": () =>
      json({ location: SHOPS[current.locationId as keyof typeof SHOPS], orders: [], done: [] }),
    "GET /api/staff/shops": ({ url }) => {
      const asked = new URL(url, "http://localhost").searchParams.get("location");
      current = memberships.find((entry) => entry.locationId === asked) ?? current;
      return json({ shops: memberships, current });
    },
  });
}

function renderBoard() {
  return renderRoutes(
    [{ path: "/staff", element: <StaffLayout />, children: [{ index: true, element: <StaffBoardPage /> }] }],
    "/staff",
  );
}

beforeEach(() => {
  resetStores();
  useNewOrderAlerts.setState({ pending: [], seenHere: [], revealing: null });
});
afterEach(() => vi.restoreAllMocks());

describe("the staff bar's shop switcher", () => {
  it("lets a manager of two shops switch the board and its live channel to the other shop", async () => {
    const { calls } = staffApi([member("loc-anaheim", "manager"), member("loc-fullerton", "manager")]);
    renderBoard();
    const switcher = await screen.findByRole("combobox", { name: "Shop" });
    expect(switcher).toHaveValue("loc-anaheim");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Anaheim", "Fullerton"]);
    const firstSocket = FakeWebSocket.latest("/api/live/board")!;

    await userEvent.selectOptions(switcher, "loc-fullerton");
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Shop" })).toHaveValue("loc-fullerton"));
    expect(calls.some((call) => call.url.endsWith("/api/staff/shops?location=loc-fullerton"))).toBe(true);
    // The board is read again for the new shop, and the live socket is opened again.
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith("/api/staff/orders")).length).toBeGreaterThanOrEqual(2),
    );
    await waitFor(() => expect(FakeWebSocket.latest("/api/live/board")).not.toBe(firstSocket));
    expect(firstSocket.readyState).toBe(FakeWebSocket.CLOSED);
  });

  it("shows a barista of one shop its name and no switcher", async () => {
    staffApi([member("loc-anaheim", "staff")]);
    renderBoard();
    await screen.findByText("· Squeeze Anaheim", { exact: false });
    await waitFor(() => expect(screen.queryByRole("combobox", { name: "Shop" })).not.toBeInTheDocument());
    expect(screen.queryByRole("link", { name: "Numbers" })).not.toBeInTheDocument();
  });
});
