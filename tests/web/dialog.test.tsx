import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Dialog } from "#web/components/dialog/dialog";

function Harness({ variant = "modal" as "modal" | "drawer" }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Outside</button>
      <Dialog open={open} onClose={() => setOpen(false)} labelledBy="dialog-title" variant={variant}>
        <h2 id="dialog-title">Cart</h2>
        <button type="button">First</button>
        <a href="/menu">Middle</a>
        <button type="button" onClick={() => setOpen(false)}>
          Last
        </button>
      </Dialog>
    </>
  );
}

describe("Dialog", () => {
  it("is a modal dialog named by its heading, focused on its first control", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    const dialog = screen.getByRole("dialog", { name: "Cart" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(screen.getByRole("button", { name: "First" })).toHaveFocus();
  });

  it("keeps Tab and Shift+Tab inside", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    await user.tab();
    expect(screen.getByRole("link", { name: "Middle" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Last" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "First" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Last" })).toHaveFocus();
  });

  it("closes on Escape and returns focus to the opener", async () => {
    const user = userEvent.setup();
    render(<Harness variant="drawer" />);
    const opener = screen.getByRole("button", { name: "Open" });
    await user.click(opener);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it("closes on a click on the backdrop", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole("button", { name: "Open" });
    await user.click(opener);
    await user.click(screen.getByTestId("dialog-backdrop"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it("returns focus to the opener drawn anew while it was open, the same control of the same item", async () => {
    function Redrawn() {
      const [open, setOpen] = useState(false);
      const [round, setRound] = useState(0);
      return (
        <>
          {/* A new parent each round: React draws the item and its buttons anew. */}
          <section key={round}>
            <article data-focus-home="order-1">
              <button type="button">Start</button>
              <button type="button" onClick={() => setOpen(true)}>
                Details
              </button>
            </article>
          </section>
          <Dialog open={open} onClose={() => setOpen(false)} labelledBy="redrawn-title">
            <h2 id="redrawn-title">Order 1</h2>
            <button type="button" onClick={() => setRound((n) => n + 1)}>
              Redraw
            </button>
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Redrawn />);
    const opener = screen.getByRole("button", { name: "Details" });
    await user.click(opener);
    await user.click(screen.getByRole("button", { name: "Redraw" }));
    await user.keyboard("{Escape}");
    expect(opener).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Details" })).toHaveFocus();
  });
});
