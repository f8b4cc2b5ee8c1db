import { act, render, screen } from "@testing-library/react";
import toast from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_TOASTS, TOAST_OPTIONS, Toaster } from "#web/app/toaster";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => {
    toast.remove();
    vi.runOnlyPendingTimers();
  });
  vi.useRealTimers();
});

/** Advances the clock; a dismissed toast leaves after react-hot-toast's 1 s exit delay. */
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const shown = (text: string) => screen.queryByText(text) !== null && !screen.getByText(text).closest(".toast--leaving");

describe("Toaster", () => {
  it("uses the spec's durations: 4000 ms for blank, error and custom, 2000 ms for success, none for loading", () => {
    expect(TOAST_OPTIONS.blank.duration).toBe(4000);
    expect(TOAST_OPTIONS.error.duration).toBe(4000);
    expect(TOAST_OPTIONS.custom.duration).toBe(4000);
    expect(TOAST_OPTIONS.success.duration).toBe(2000);
    expect(TOAST_OPTIONS.loading.duration).toBe(Infinity);
  });

  it("dismisses a success toast after 2 s and an error toast after 4 s", () => {
    render(<Toaster />);
    act(() => {
      toast.success("Message sent successfully");
      toast.error("Failed to send message. Please try again");
    });
    expect(shown("Message sent successfully")).toBe(true);
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to send message. Please try again");

    advance(1990);
    expect(shown("Message sent successfully")).toBe(true);
    advance(20);
    expect(shown("Message sent successfully")).toBe(false);
    expect(shown("Failed to send message. Please try again")).toBe(true);

    advance(2000);
    expect(shown("Failed to send message. Please try again")).toBe(false);
  });

  it("keeps a blank toast 4 s and a loading toast until it is dismissed", () => {
    render(<Toaster />);
    let loadingId = "";
    act(() => {
      toast("Heads up");
      loadingId = toast.loading("Sending…");
    });
    advance(3990);
    expect(shown("Heads up")).toBe(true);
    advance(20);
    expect(shown("Heads up")).toBe(false);

    advance(60_000);
    expect(shown("Sending…")).toBe(true);
    act(() => toast.dismiss(loadingId));
    expect(shown("Sending…")).toBe(false);
  });

  it("holds at most 20 toasts, dropping the oldest", () => {
    render(<Toaster />);
    act(() => {
      for (let index = 1; index <= 25; index += 1) toast(`Toast ${index}`);
    });
    expect(MAX_TOASTS).toBe(20);
    expect(screen.getAllByRole("status")).toHaveLength(20);
    expect(screen.queryByText("Toast 5")).not.toBeInTheDocument();
    expect(screen.getByText("Toast 6")).toBeInTheDocument();
    expect(screen.getByText("Toast 25")).toBeInTheDocument();
  });
});
