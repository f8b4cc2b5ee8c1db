import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { readSessionUser } from "#web/lib/session-store";
import { UserMenu } from "#web/features/auth/user-menu";
import { renderRoutes, resetStores, signedInUser, signInAs } from "./storefront-helpers";

const barista = {
  ...signedInUser,
  username: "Sam Barista",
  email: "barista@example.com",
  staff: { locationId: "loc-anaheim", locationName: "Squeeze Anaheim", role: "staff" as const },
};

beforeEach(resetStores);

describe("the user menu for the shop's staff", () => {
  it("offers the Order board to a staff member", async () => {
    signInAs(barista);
    const user = userEvent.setup();
    renderRoutes([{ path: "*", element: <UserMenu /> }], "/menu");
    await user.click(screen.getByRole("button", { name: "Account menu for Sam Barista" }));
    expect(screen.getByRole("link", { name: "Order board" })).toHaveAttribute("href", "/staff");
  });

  it("does not offer it to a shopper", async () => {
    signInAs(signedInUser);
    const user = userEvent.setup();
    renderRoutes([{ path: "*", element: <UserMenu /> }], "/menu");
    await user.click(screen.getByRole("button", { name: "Account menu for Ada Lovelace" }));
    expect(screen.getByRole("link", { name: "My orders" })).toBeVisible();
    expect(screen.queryByRole("link", { name: "Order board" })).not.toBeInTheDocument();
  });

  it("reads a staff membership only when it is well formed and the user is signed in", () => {
    expect(readSessionUser(barista)?.staff).toEqual(barista.staff);
    expect(readSessionUser({ ...barista, staff: { ...barista.staff, role: "owner" } })?.staff).toEqual({
      ...barista.staff,
      role: "owner",
    });
    for (const role of ["admin", "Owner", ""]) {
      expect(readSessionUser({ ...barista, staff: { ...barista.staff, role } })?.staff).toBeNull();
    }
    expect(readSessionUser({ ...barista, staff: "yes" })?.staff).toBeNull();
    expect(readSessionUser({ ...barista, staff: undefined })?.staff).toBeNull();
    expect(readSessionUser({ ...barista, isAuthenticated: false })?.staff).toBeNull();
  });
});
