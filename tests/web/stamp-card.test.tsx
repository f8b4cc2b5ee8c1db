import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LoyaltyResponse } from "#common/loyalty";
import StampCard from "#web/shared-features/stamp-card/stamp-card";
import { json, mockApi, renderRoutes, resetStores, signedInUser, signInAs } from "./storefront-helpers";

const ORDER_ID = "a1b2c3d4-0000-4000-8000-000000000001";
const FREE_DRINK = { id: "rwd-free-drink", name: "A free drink", stamps: 9 };

function renderCard() {
  return renderRoutes([{ path: "/orders", element: <StampCard /> }], "/orders");
}

/** The filled boxes; the card says the same in words to a screen reader (its label). */
function filledBoxes(): number {
  return screen.getByTestId("stamp-boxes").querySelectorAll(".stamp-card__box--filled").length;
}

beforeEach(() => {
  resetStores();
  signInAs(signedInUser);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the stamp card", () => {
  it("fills a box per stamp toward the free drink, says how many drinks to go and the history in words", async () => {
    mockApi({
      "GET /api/loyalty": () =>
        json({
          stamps: 7,
          rewards: [{ ...FREE_DRINK, available: false }],
          history: [
            { at: "2026-11-20T17:00:00.000Z", kind: "taken_back", stamps: -1, orderId: ORDER_ID, note: null },
            { at: "2026-11-20T16:00:00.000Z", kind: "earned", stamps: 3, orderId: ORDER_ID, note: null },
            { at: "2026-11-19T16:00:00.000Z", kind: "spent", stamps: -9, orderId: ORDER_ID, note: "A free drink" },
            {
              at: "2026-11-01T16:00:00.000Z",
              kind: "adjusted",
              stamps: 14,
              orderId: null,
              note: "Paper card brought in",
            },
          ],
        } satisfies LoyaltyResponse),
    });
    const user = userEvent.setup();
    renderCard();

    expect(await screen.findByRole("heading", { name: "Your stamp card" })).toBeVisible();
    expect(screen.getByRole("img", { name: "7 of 9 stamps toward A free drink" })).toBeVisible();
    expect(filledBoxes()).toBe(7);
    expect(screen.getByTestId("stamps-to-go")).toHaveTextContent("2 more drinks to a free one");
    expect(screen.queryByText(/Ready to use at checkout/)).not.toBeInTheDocument();

    await user.click(screen.getByText("Stamp history"));
    const rows = within(screen.getByTestId("stamp-history"))
      .getAllByRole("listitem")
      .map((row) => row.firstChild?.textContent);
    expect(rows).toEqual([
      "Taken back: order recalled · −1 · order #A1B2C3D4",
      "+3 stamps · order #A1B2C3D4",
      "−9 · A free drink",
      "Adjusted: Paper card brought in · +14",
    ]);
  });

  it("says a free drink is ready once the card holds it", async () => {
    mockApi({
      "GET /api/loyalty": () =>
        json({ stamps: 9, rewards: [{ ...FREE_DRINK, available: true }], history: [] } satisfies LoyaltyResponse),
    });
    renderCard();
    expect(await screen.findByText(/Ready to use at checkout/)).toBeVisible();
    expect(filledBoxes()).toBe(9);
    expect(screen.queryByTestId("stamps-to-go")).not.toBeInTheDocument();
  });

  it("says plainly when the card is below zero, with no box filled", async () => {
    mockApi({
      "GET /api/loyalty": () =>
        json({ stamps: -2, rewards: [{ ...FREE_DRINK, available: false }], history: [] } satisfies LoyaltyResponse),
    });
    renderCard();
    expect(await screen.findByTestId("stamp-balance")).toHaveTextContent("Your card is 2 stamps below zero");
    expect(filledBoxes()).toBe(0);
    expect(screen.getByTestId("stamps-to-go")).toHaveTextContent("11 more drinks to a free one");
  });
});
