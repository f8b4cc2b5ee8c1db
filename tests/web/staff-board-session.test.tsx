/** A board whose session ends, or whose person leaves the staff list. */
import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { everyChanceToReconnect, FakeWebSocket } from "./fake-websocket";
import { json, mockApi } from "./storefront-helpers";
import { first, renderBoard, boardAnswer, boardSocket, resetBoard, fakeBoardTimers } from "./staff-board-helpers";

beforeEach(resetBoard);
afterEach(() => vi.restoreAllMocks());

describe("a board whose session ends", () => {
  it("stops reconnecting, hides the orders and offers to sign in again, straight back to the board", async () => {
    fakeBoardTimers();
    let answer = () => boardAnswer([first]);
    mockApi({ "GET /api/staff/orders": () => answer() });
    renderBoard();
    await screen.findByRole("article", { name: "#AAAAAAAA" });
    const socket = boardSocket();
    act(() => socket.serverOpen());
    const opened = FakeWebSocket.instances.length;

    answer = () => json({ error: { code: "unauthorized", message: "Sign in" } }, 401);
    act(() => socket.serverEndSession());
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading")).toHaveTextContent("Signed out — sign in again");
    expect(within(alert).getByRole("link", { name: "Sign in with Google" })).toHaveAttribute(
      "href",
      "/api/auth/google/start?mode=redirect&returnTo=%2Fstaff",
    );
    expect(within(alert).getByRole("link", { name: "Sign in with Apple" })).toHaveAttribute(
      "href",
      "/api/auth/apple/start?mode=redirect&returnTo=%2Fstaff",
    );
    expect(screen.getByText("Signed out")).toBeInTheDocument();
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Open orders")).not.toBeInTheDocument();
    expect(document.title).toBe("Order board · Squeeze");

    await everyChanceToReconnect();
    expect(FakeWebSocket.instances).toHaveLength(opened);
    vi.useRealTimers();
  });

  it("says so when the person was taken off the staff list", async () => {
    let answer = () => boardAnswer([first]);
    mockApi({ "GET /api/staff/orders": () => answer() });
    renderBoard();
    await screen.findByRole("article", { name: "#AAAAAAAA" });
    act(() => boardSocket().serverOpen());
    answer = () => json({ error: { code: "forbidden", message: "Only staff" } }, 403);
    act(() => boardSocket().serverEndSession());
    await vi.waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Your account is not on the staff list."),
    );
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
  });
});
