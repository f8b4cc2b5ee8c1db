import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpeningHours } from "#common/hours/schedule";
import type { StaffOrder } from "#common/staff-orders";
import { useNewOrderAlerts } from "#web/features/staff-board/alerts/new-order-alerts";
import { HOURS_REFRESH_MS } from "#web/features/staff-board/components/booked-outside-hours-badge";
import StaffBoardPage from "#web/features/staff-board/staff-board-page";
import StaffLayout from "#web/features/staff-board/staff-layout";
import { json, mockApi, renderRoutes, resetStores } from "./storefront-helpers";
import { staffOrder } from "./order-fixtures";

// The owner shortened the shop's hours after shoppers had booked pickup times in them: the
// board marks those tickets, for the counter to call the shopper.

const LA = "America/Los_Angeles";
const HOUR = 3_600_000;

/** A board whose shop is open 7 a.m.–3 p.m. (PST) today and tomorrow, and closed on the day after. */
function hoursAround(now: Date): OpeningHours {
  const dayAfter = new Date(now.getTime() + 2 * 24 * HOUR).toLocaleDateString("en-CA", { timeZone: LA });
  return {
    timeZone: LA,
    weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday: weekday as 0, opens: "07:00", closes: "15:00" })),
    exceptions: [{ date: dayAfter, intervals: [], note: "Closed for repairs" }],
  };
}

/** An order for a pickup time `daysAhead` days from now at `hour`:`minute` on the shop's clock. */
function bookedFor(id: string, daysAhead: number, hour: number, minute = 0): StaffOrder {
  const day = new Date(Date.now() + daysAhead * 24 * HOUR).toLocaleDateString("en-CA", { timeZone: LA });
  // The shop's clock: PST (UTC-8) or PDT (UTC-7), whichever that day has.
  const offset = new Date(`${day}T12:00:00Z`).toLocaleString("en-US", { timeZone: LA, timeZoneName: "shortOffset" });
  const utcHours = hour - Number(/GMT([+-]\d+)/.exec(offset)![1]);
  const at = new Date(`${day}T00:00:00.000Z`);
  at.setUTCHours(utcHours, minute);
  return staffOrder(id, {
    pickup: { mode: "slot", at: at.toISOString(), timeZone: LA },
    prepStartsAt: new Date(at.getTime() - 3 * 60_000).toISOString(),
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
  useNewOrderAlerts.setState({ pending: [] });
});
afterEach(() => vi.restoreAllMocks());

describe("Booked outside the new hours", () => {
  it("marks the tickets whose pickup time the shop's hours no longer include, and only those", async () => {
    const tomorrowEvening = bookedFor("aaaaaaaa-0000-4000-8000-000000000001", 1, 17, 30);
    const tomorrowMorning = bookedFor("bbbbbbbb-0000-4000-8000-000000000002", 1, 9, 15);
    const lastSlot = bookedFor("cccccccc-0000-4000-8000-000000000003", 1, 14, 45);
    const closedDay = bookedFor("dddddddd-0000-4000-8000-000000000004", 2, 10, 0);
    const asap: StaffOrder = {
      ...tomorrowMorning,
      id: "eeeeeeee-0000-4000-8000-000000000005",
      pickup: null,
      prepStartsAt: null,
    };
    const location = {
      id: "loc-anaheim",
      name: "Squeeze Anaheim",
      timeZone: LA,
      ageThresholds: { warnAfterMinutes: 5, lateAfterMinutes: 10 },
      drinkLimits: { perOrder: 40, perSlot: 12 },
      openingHours: hoursAround(new Date()),
    };
    mockApi({
      "GET /api/staff/orders": () =>
        json({ location, orders: [tomorrowEvening, tomorrowMorning, lastSlot, closedDay, asap], done: [] }),
    });
    renderBoard();
    const ticket = async (id: string) => screen.findByRole("article", { name: `#${id.slice(0, 8).toUpperCase()}` });

    for (const marked of [tomorrowEvening, closedDay]) {
      const card = await ticket(marked.id);
      expect(within(card).getByText(/Booked outside the new hours/)).toBeInTheDocument();
      // In words, and the reason to act on it for a screen reader.
      expect(card).toHaveTextContent("Booked outside the new hours: call the customer");
    }
    for (const kept of [tomorrowMorning, lastSlot, asap])
      expect(await ticket(kept.id)).not.toHaveTextContent("Booked outside the new hours");
  });
});

describe("an open board", () => {
  it("reads the shop's hours again every few minutes, and marks a ticket once they change under it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const evening = bookedFor("aaaaaaaa-0000-4000-8000-000000000001", 1, 17, 30);
      const location = {
        id: "loc-anaheim",
        name: "Squeeze Anaheim",
        timeZone: LA,
        ageThresholds: { warnAfterMinutes: 5, lateAfterMinutes: 10 },
        drinkLimits: { perOrder: 40, perSlot: 12 },
        openingHours: { timeZone: LA, weekly: [], exceptions: [] } as OpeningHours,
      };
      const allDay: OpeningHours = {
        timeZone: LA,
        weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday: weekday as 0, opens: "00:00", closes: "00:00" })),
        exceptions: [],
      };
      let hours = allDay;
      const { calls } = mockApi({
        "GET /api/staff/orders": () =>
          json({ location: { ...location, openingHours: hours }, orders: [evening], done: [] }),
      });
      renderBoard();
      const card = await screen.findByRole("article", { name: "#AAAAAAAA" });
      expect(card).not.toHaveTextContent("Booked outside the new hours");
      const reads = () => calls.filter((call) => call.url === "/api/staff/orders").length;
      const before = reads();

      // The owner shortens every day to 7–3; the board has not asked since.
      hours = hoursAround(new Date());
      await act(() => vi.advanceTimersByTimeAsync(HOURS_REFRESH_MS));
      expect(reads()).toBe(before + 1);
      await waitFor(() => expect(card).toHaveTextContent("Booked outside the new hours"));
    } finally {
      vi.useRealTimers();
    }
  });
});
