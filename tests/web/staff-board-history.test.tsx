/** An order's history, from its card. */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockApi } from "./storefront-helpers";
import { first, renderBoard, boardAnswer, resetBoard } from "./staff-board-helpers";

beforeEach(resetBoard);
afterEach(() => vi.restoreAllMocks());

describe("an order's history", () => {
  const history = [
    {
      status: "received",
      previousStatus: null,
      paymentState: "not_required",
      actor: "customer",
      actorName: "Ada Lovelace",
      reason: null,
      at: "2026-11-23T18:40:00.000Z",
    },
    {
      status: "preparing",
      previousStatus: "received",
      paymentState: "not_required",
      actor: "staff",
      actorName: "Sam Barista",
      reason: null,
      at: "2026-11-23T18:42:30.000Z",
    },
    {
      status: "cancelled",
      previousStatus: "preparing",
      paymentState: "refunded",
      actor: "staff",
      actorName: null,
      reason: "Out of oranges",
      at: "2026-11-24T08:05:00.000Z",
    },
  ];

  it("opens from the card with the keyboard and lists every change: from, to, who, when on the shop's clock, why", async () => {
    const { calls } = mockApi({
      "GET /api/staff/orders": () => boardAnswer([first]),
      [`GET /api/staff/orders/${first.id}/history`]: () => json({ history }),
    });
    const user = userEvent.setup();
    renderBoard();
    const card = await screen.findByRole("article", { name: "#AAAAAAAA" });
    const button = within(card).getByRole("button", { name: "Details of order #AAAAAAAA" });
    button.focus();
    await user.keyboard("{Enter}");

    const dialog = await screen.findByRole("dialog", { name: "Order #AAAAAAAA" });
    const entries = await within(within(dialog).getByRole("list")).findAllByRole("listitem");
    expect(entries.map((entry) => entry.textContent)).toEqual([
      "Placed: ReceivedBy Ada Lovelace (customer) · Nov 23, 10:40 AM PST",
      "From Received → to PreparingBy Sam Barista (staff) · Nov 23, 10:42 AM PST",
      "From Preparing → to CancelledBy a staff member (staff) · Nov 24, 12:05 AM PSTReason: “Out of oranges”",
    ]);
    expect(
      within(entries[1]!)
        .getByText(/Nov 23/)
        .closest("time"),
    ).toHaveAttribute("dateTime", "2026-11-23T18:42:30.000Z");
    expect(calls.some((call) => call.url.endsWith(`/api/staff/orders/${first.id}/history`))).toBe(true);
    expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("says when the history cannot be loaded, and tries again", async () => {
    let fails = true;
    mockApi({
      "GET /api/staff/orders": () => boardAnswer([first]),
      [`GET /api/staff/orders/${first.id}/history`]: () =>
        fails ? json({ error: { code: "internal", message: "Something went wrong." } }, 500) : json({ history }),
    });
    const user = userEvent.setup();
    renderBoard();
    await user.click(
      within(await screen.findByRole("article", { name: "#AAAAAAAA" })).getByRole("button", {
        name: "Details of order #AAAAAAAA",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Order #AAAAAAAA" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("The history could not be loaded");
    fails = false;
    await user.click(within(dialog).getByRole("button", { name: "Try again" }));
    expect(await within(dialog).findAllByRole("listitem")).toHaveLength(3);
  });
});
