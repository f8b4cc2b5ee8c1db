import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { FeedbackModal } from "#web/shared-features/feedback/feedback-modal";
import { useFeedbackStore } from "#web/shared-features/feedback/feedback-store";

const show = (...args: Parameters<ReturnType<typeof useFeedbackStore.getState>["show"]>) =>
  act(() => useFeedbackStore.getState().show(...args));

afterEach(() => act(() => useFeedbackStore.getState().hide()));

describe("Feedback modal", () => {
  it("renders nothing until something is shown", () => {
    render(<FeedbackModal />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("loading: says 'Processing... please wait' by default and cannot be dismissed", async () => {
    const user = userEvent.setup();
    render(<FeedbackModal />);
    show("loading");
    const dialog = screen.getByRole("dialog");
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveTextContent("Processing... please wait");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();

    await user.keyboard("{Escape}");
    await user.click(screen.getByTestId("dialog-backdrop"));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("loading: shows a custom text when given one", () => {
    render(<FeedbackModal />);
    show("loading", { message: "Placing your order…" });
    expect(screen.getByRole("dialog")).toHaveTextContent("Placing your order…");
    expect(screen.getByRole("dialog")).not.toHaveTextContent("Processing... please wait");
  });

  it("error: shows the message with a Dismiss button that closes it", async () => {
    const user = userEvent.setup();
    render(<FeedbackModal />);
    show("error", { message: "Unexpected error during payment." });
    const dialog = screen.getByRole("dialog");
    expect(dialog).toHaveTextContent("Unexpected error during payment.");
    const dismiss = screen.getByRole("button", { name: "Dismiss" });
    expect(dismiss).toHaveFocus();
    await user.click(dismiss);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(useFeedbackStore.getState().kind).toBeNull();
  });

  it("success: titled 'Success!' with a Thanks button, named by its title", async () => {
    const user = userEvent.setup();
    render(<FeedbackModal />);
    show("success", { message: "Your order is placed, We will contact you as soon as possible." });
    const dialog = screen.getByRole("dialog", { name: "Success!" });
    expect(dialog).toHaveAccessibleDescription("Your order is placed, We will contact you as soon as possible.");
    await user.click(screen.getByRole("button", { name: "Thanks" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("loading that turns into success moves focus to Thanks, and back to the trigger on close", async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Place order</button>
        <FeedbackModal />
      </>,
    );
    const trigger = screen.getByRole("button", { name: "Place order" });
    trigger.focus();
    show("loading", { message: "Placing your order…" });
    expect(screen.getByRole("dialog")).toHaveFocus();

    show("success", { message: "Your order is placed." });
    const thanks = screen.getByRole("button", { name: "Thanks" });
    expect(thanks).toHaveFocus();

    await user.keyboard("{Enter}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it("loading that turns into an error moves focus to Dismiss", () => {
    render(<FeedbackModal />);
    show("loading");
    show("error", { message: "Unexpected error during payment." });
    expect(screen.getByRole("button", { name: "Dismiss" })).toHaveFocus();
  });

  it("success and error close on Escape and give focus back to where it was", async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Place order</button>
        <FeedbackModal />
      </>,
    );
    const trigger = screen.getByRole("button", { name: "Place order" });
    trigger.focus();
    show("success", { message: "Done" });
    expect(screen.getByRole("button", { name: "Thanks" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});
