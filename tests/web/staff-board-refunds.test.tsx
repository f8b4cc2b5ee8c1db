/** Refunds the shop still owes wait on the board, one tap from a retry. */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RECALL_REFUSALS } from "#common/order-lifecycle";
import { withBoardOrder } from "#web/features/staff-board/board-orders";
import { refundStillOwedText } from "#web/features/staff-board/use-board-actions";
import { staffBoard } from "./order-fixtures";
import { json, mockApi } from "./storefront-helpers";
import {
  ANAHEIM,
  minutesAgo,
  staffOrder,
  first,
  second,
  renderBoard,
  boardAnswer,
  resetBoard,
} from "./staff-board-helpers";

beforeEach(resetBoard);
afterEach(() => vi.restoreAllMocks());

describe("refunds the shop still owes", () => {
  const owed = staffOrder("eeeeeeee-0000-4000-8000-00000000000e", {
    status: "cancelled",
    paymentMode: "stripe",
    paymentState: "refund_pending",
    customerName: "Mia Chen",
    totalCents: 1647,
    cancelReason: "Out of mango",
    updatedAt: minutesAgo(2),
  });
  const refundsRow = () => screen.getByRole("region", { name: /^Refunds to retry/ });

  it("waits above the lanes, out of them, with one tap to retry; once refunded it leaves for Done", async () => {
    const { calls } = mockApi({
      "GET /api/staff/orders": () => boardAnswer([first, owed]),
      [`POST /api/staff/orders/${owed.id}/status`]: () =>
        json({ order: { ...owed, paymentState: "refunded", updatedAt: new Date().toISOString() } }),
    });
    const user = userEvent.setup();
    renderBoard();
    const row = await screen.findByRole("region", { name: /^Refunds to retry/ });
    expect(within(row).getByRole("heading")).toHaveTextContent("Refunds to retry 1");
    expect(within(row).getByRole("listitem")).toHaveTextContent("#EEEEEEEE$16.47 Mia Chen");
    // Not an order to make: in no lane.
    for (const lane of ["New", "Preparing", "Ready"]) {
      expect(
        within(screen.getByRole("region", { name: new RegExp(`^${lane}`) })).queryByRole("article", {
          name: "#EEEEEEEE",
        }),
      ).not.toBeInTheDocument();
    }

    await user.click(within(row).getByRole("button", { name: "Retry the refund of $16.47: order #EEEEEEEE" }));
    expect(calls.at(-1)).toMatchObject({
      method: "POST",
      url: expect.stringContaining(`/${owed.id}/status`),
      body: { status: "cancelled", reason: "Out of mango" },
    });
    expect(await screen.findByText("Order #EEEEEEEE is refunded: $16.47 back to the card.")).toHaveAttribute(
      "role",
      "status",
    );
    expect(screen.queryByRole("region", { name: /^Refunds to retry/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Done 1" }));
    const done = await screen.findByRole("dialog", { name: "Done in the last 30 minutes" });
    expect(within(done).getByRole("listitem")).toHaveTextContent(RECALL_REFUSALS.refunded);
  });

  it("says so when the refund still does not go through, and keeps it for the next try", async () => {
    mockApi({
      "GET /api/staff/orders": () => boardAnswer([owed]),
      [`POST /api/staff/orders/${owed.id}/status`]: () =>
        json({ order: { ...owed, updatedAt: new Date().toISOString() } }),
    });
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole("region", { name: /^Refunds to retry/ });
    await user.click(within(refundsRow()).getByRole("button", { name: /^Retry the refund/ }));
    expect(await screen.findByRole("alert")).toHaveTextContent(refundStillOwedText(owed));
    expect(within(refundsRow()).getByRole("button", { name: /^Retry the refund/ })).not.toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });

  it("shows in the order's details what is owed and why, with the retry there too", async () => {
    const { calls } = mockApi({
      "GET /api/staff/orders": () => boardAnswer([owed]),
      [`GET /api/staff/orders/${owed.id}/history`]: () => json({ history: [] }),
      [`POST /api/staff/orders/${owed.id}/status`]: () =>
        json({ order: { ...owed, updatedAt: new Date().toISOString() } }),
    });
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole("region", { name: /^Refunds to retry/ });
    await user.click(within(refundsRow()).getByRole("button", { name: "Details of order #EEEEEEEE" }));
    const dialog = await screen.findByRole("dialog", { name: "Order #EEEEEEEE" });
    expect(dialog).toHaveTextContent("PaymentRefund pending · $16.47");
    expect(dialog).toHaveTextContent("the card refund has not gone through");
    expect(within(dialog).queryByRole("button", { name: "Cancel order…" })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Retry refund of $16.47" }));
    expect(calls.filter((call) => call.method === "POST")).toMatchObject([{ body: { status: "cancelled" } }]);
    // The dialog covers the board: the outcome is said in it.
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(refundStillOwedText(owed));
  });

  it("keeps a cancelled card order whose refund failed on the board and says so, instead of letting it vanish", async () => {
    const paidCard = { ...second, status: "received" as const };
    mockApi({
      "GET /api/staff/orders": () => boardAnswer([paidCard]),
      [`GET /api/staff/orders/${paidCard.id}/history`]: () => json({ history: [] }),
      [`POST /api/staff/orders/${paidCard.id}/status`]: ({ body }) =>
        json({
          order: {
            ...paidCard,
            status: "cancelled",
            paymentState: "refund_pending",
            cancelReason: (body as { reason: string }).reason,
            updatedAt: new Date().toISOString(),
          },
        }),
    });
    const user = userEvent.setup();
    renderBoard();
    const card = await screen.findByRole("article", { name: "#BBBBBBBB" });
    await user.click(within(card).getByRole("button", { name: "Details of order #BBBBBBBB" }));
    await user.click(await screen.findByRole("button", { name: "Cancel order…" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel order #BBBBBBBB?" });
    await user.click(within(dialog).getByRole("button", { name: "Shop closing" }));
    await user.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByRole("alert")).toHaveTextContent(refundStillOwedText(paidCard));
    expect(within(refundsRow()).getByRole("listitem")).toHaveTextContent("#BBBBBBBB$12.98 Grace Hopper");
    expect(screen.queryByRole("article", { name: "#BBBBBBBB" })).not.toBeInTheDocument();
  });

  it("arrives over the live channel like any change, and never in the Done list while it is owed", () => {
    const open = { ...second, status: "received" as const };
    const board = staffBoard(ANAHEIM, [open]);
    const claimed = {
      ...open,
      status: "cancelled" as const,
      paymentState: "refund_pending" as const,
      updatedAt: minutesAgo(1),
    };
    const afterClaim = withBoardOrder(board, claimed)!;
    expect(afterClaim.orders.map((order) => order.paymentState)).toEqual(["refund_pending"]);
    expect(afterClaim.done).toEqual([]);
    const refunded = { ...claimed, paymentState: "refunded" as const, updatedAt: new Date().toISOString() };
    const afterRefund = withBoardOrder(afterClaim, refunded)!;
    expect(afterRefund.orders).toEqual([]);
    expect(afterRefund.done.map((order) => order.paymentState)).toEqual(["refunded"]);
  });
});
