import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LoyaltyResponse } from "#common/loyalty";
import AccountPage from "#web/features/account/account-page";
import { useAuthModalStore } from "#web/lib/sign-in-gate/auth-modal-store";
import {
  json,
  mockApi,
  renderRoutes,
  resetStores,
  signedInUser,
  signInAs,
  termsAndDefinitions,
} from "./storefront-helpers";

const FREE_DRINK = { id: "rwd-free-drink", name: "A free drink", stamps: 9 };

function renderAccount() {
  return renderRoutes([{ path: "/account", element: <AccountPage /> }], "/account");
}

beforeEach(() => {
  resetStores();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("My account", () => {
  it("shows the shopper's name, e-mail and phone and their stamp card", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    mockApi({
      "GET /api/loyalty": () =>
        json({
          stamps: 4,
          rewards: [{ ...FREE_DRINK, available: false }],
          history: [],
        } satisfies LoyaltyResponse),
    });
    renderAccount();

    expect(screen.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
    expect(document.title).toBe("My account · Squeeze");
    expect(termsAndDefinitions(screen.getByTestId("account-details"))).toEqual([
      ["Name", "Ada Lovelace"],
      ["E-mail", "ada@example.com"],
      ["Phone", "+1 714 555 0100"],
    ]);
    expect(await screen.findByRole("heading", { name: "Your stamp card" })).toBeVisible();
    expect(screen.getByRole("img", { name: "4 of 9 stamps toward A free drink" })).toBeVisible();
    expect(screen.getByTestId("stamps-to-go")).toHaveTextContent("5 more drinks to a free one");
    expect(screen.getByRole("link", { name: "See my orders" })).toHaveAttribute("href", "/orders");
  });

  it("says a phone the session does not know yet is asked at checkout", async () => {
    signInAs(signedInUser);
    mockApi({
      "GET /api/loyalty": () =>
        json({ stamps: 0, rewards: [{ ...FREE_DRINK, available: false }], history: [] } satisfies LoyaltyResponse),
    });
    renderAccount();
    expect(termsAndDefinitions(screen.getByTestId("account-details"))).toContainEqual([
      "Phone",
      "Not given yet: the checkout asks for it",
    ]);
    expect(await screen.findByTestId("stamp-card")).toBeVisible();
  });

  it("asks a guest to sign in and asks nothing of the stamp card", async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderAccount();

    expect(screen.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
    expect(screen.getByText("Sign in to see your account and your stamp card.")).toBeVisible();
    expect(screen.queryByTestId("account-details")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(useAuthModalStore.getState().isOpen).toBe(true);
    expect(calls.filter((call) => call.url.includes("/api/loyalty"))).toHaveLength(0);
  });
});
