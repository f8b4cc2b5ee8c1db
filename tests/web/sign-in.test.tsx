import { useState } from "react";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "#web/lib/query-client";
import { AuthModal } from "#web/features/auth/auth-modal";
import { useAuthModalStore } from "#web/lib/sign-in-gate/auth-modal-store";
import { PENDING_INTENT_STORAGE_KEY } from "#web/lib/sign-in-gate/pending-intent";
import { SESSION_STORAGE_KEY, useSessionStore } from "#web/lib/session-store";
import { pageNavigation, POPUP_CLOSED_GRACE_MS } from "#web/features/auth/sign-in";
import { useAuthBootstrap } from "#web/features/auth/use-auth-bootstrap";
import { UserMenu } from "#web/features/auth/user-menu";
import { SESSION_CHECK_WAIT_MS, useAuthGate } from "#web/lib/sign-in-gate/use-auth-gate";
import { CART_STORAGE_KEY, cartLineId, useCartStore } from "#web/lib/cart-store";
import { json, mockApi, renderRoutes, resetStores, signedInUser, signInAs } from "./storefront-helpers";

const guest = { uid: "", username: "", email: "", phone: "", isAuthenticated: false };

function Shell() {
  useAuthBootstrap();
  return (
    <>
      <UserMenu />
      <AuthModal />
    </>
  );
}

function renderShell(entry = "/menu") {
  return renderRoutes([{ path: "*", element: <Shell /> }], entry);
}

function fakePopup() {
  const popup = { closed: false, focus: vi.fn(), close: vi.fn() };
  const open = vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
  return { popup, open };
}

function postFromPopup(data: unknown, origin = window.location.origin) {
  return act(async () => {
    window.dispatchEvent(new MessageEvent("message", { origin, data }));
  });
}

beforeEach(() => {
  resetStores();
  window.history.replaceState(null, "", "/");
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("sign-in with a popup", () => {
  it("opens the provider's start URL in a centred 500 × 600 popup", async () => {
    mockApi({ "GET /api/me": () => json(guest) });
    const { open } = fakePopup();
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    const modal = await screen.findByRole("dialog", { name: "Welcome" });
    expect(within(modal).getByRole("img", { name: "Squeeze" })).toHaveAttribute("src", "/logo.svg");
    await user.click(within(modal).getByRole("button", { name: "Sign in with Google" }));

    expect(open).toHaveBeenCalledWith(
      "/api/auth/google/start?mode=popup",
      "squeeze-auth",
      expect.stringContaining("width=500,height=600"),
    );
    expect(within(modal).getByRole("status")).toHaveTextContent("Finish signing in with Google in the pop-up window.");
  });

  it("on the popup's ok message loads the user, toasts, closes the modal and shows the name in the user menu", async () => {
    mockApi({ "GET /api/me": () => json(signedInUser) });
    fakePopup();
    const user = userEvent.setup();
    // A guest at start-up, so the bootstrap leaves the user signed out.
    const { spy } = mockApi({ "GET /api/me": () => json(guest) });
    renderShell();
    await waitFor(() => expect(spy).toHaveBeenCalled());
    spy.mockImplementation(async () => json(signedInUser));

    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await user.click(await screen.findByRole("button", { name: "Sign in with Google" }));
    await postFromPopup({ source: "squeeze-auth", provider: "google", ok: true });

    expect(await screen.findByText("Logged in with Google!")).toBeInTheDocument();
    expect(useSessionStore.getState().user).toEqual(signedInUser);
    expect(screen.queryByRole("dialog", { name: "Welcome" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Account menu for Ada Lovelace" }));
    expect(screen.getByText("Ada Lovelace")).toBeVisible();
    expect(screen.getByRole("link", { name: "My orders" })).toHaveAttribute("href", "/orders");
    expect(screen.getByRole("link", { name: "My account" })).toHaveAttribute("href", "/account");
  });

  it("ignores messages from another origin or of another shape", async () => {
    const { spy } = mockApi({ "GET /api/me": () => json(guest) });
    fakePopup();
    const user = userEvent.setup();
    renderShell();
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await user.click(await screen.findByRole("button", { name: "Sign in with Apple" }));

    await postFromPopup({ source: "squeeze-auth", provider: "apple", ok: true }, "https://evil.example");
    await postFromPopup({ source: "someone-else", provider: "apple", ok: true });
    await postFromPopup({ source: "squeeze-auth", provider: "google", ok: true });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().user.isAuthenticated).toBe(false);
    expect(screen.getByRole("dialog", { name: "Welcome" })).toBeInTheDocument();
  });

  it.each([
    ["google", "Sign in with Google", "Google sign-in failed."],
    ["apple", "Sign in with Apple", "Apple sign-in failed."],
  ])("a refused %s sign-in toasts only the generic failure and logs the error", async (provider, button, text) => {
    mockApi({ "GET /api/me": () => json(guest) });
    fakePopup();
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await user.click(await screen.findByRole("button", { name: button }));
    await postFromPopup({ source: "squeeze-auth", provider, ok: false });

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    expect(useSessionStore.getState().user.isAuthenticated).toBe(false);
    // The modal stays, so the shopper can try again.
    expect(screen.getByRole("dialog", { name: "Welcome" })).toBeInTheDocument();
  });

  it("a popup closed without a message fails after the 8 s closed-popup check", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ "GET /api/me": () => json(guest) });
    const { popup } = fakePopup();
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderShell();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await user.click(await screen.findByRole("button", { name: "Sign in with Google" }));

    popup.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(POPUP_CLOSED_GRACE_MS - 1000));
    expect(screen.queryByText("Google sign-in failed.")).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByText("Google sign-in failed.")).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
  });

  it("a popup that closed after signing in but could not report back still signs in", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { spy } = mockApi({ "GET /api/me": () => json(guest) });
    const { popup } = fakePopup();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderShell();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await user.click(await screen.findByRole("button", { name: "Sign in with Apple" }));

    spy.mockImplementation(async () => json(signedInUser));
    popup.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(POPUP_CLOSED_GRACE_MS + 1000));
    expect(await screen.findByText("Logged in with Apple!")).toBeInTheDocument();
    expect(useSessionStore.getState().user.isAuthenticated).toBe(true);
  });
});

describe("sign-in when the popup is blocked", () => {
  it("falls back to a full redirect that comes back to the current page", async () => {
    mockApi({ "GET /api/me": () => json(guest) });
    vi.spyOn(window, "open").mockReturnValue(null);
    const assign = vi.spyOn(pageNavigation, "assign").mockImplementation(() => undefined);
    window.history.replaceState(null, "", "/categories/cat-fresh-juices/products/prd-sunrise-orange");
    const user = userEvent.setup();
    renderShell("/categories/cat-fresh-juices/products/prd-sunrise-orange");

    act(() =>
      useAuthModalStore.getState().open(() => undefined, {
        kind: "add-to-cart",
        item: {
          id: cartLineId("Sunrise Orange", "small"),
          productId: "prd-sunrise-orange",
          categoryId: "cat-fresh-juices",
          name: "Sunrise Orange",
          priceCents: 549,
          size: "small",
          comment: "",
          image: "/images/drinks/sunrise-orange.svg",
        },
        then: "open-cart",
      }),
    );
    await user.click(await screen.findByRole("button", { name: "Sign in with Google" }));

    expect(assign).toHaveBeenCalledWith(
      "/api/auth/google/start?mode=redirect&returnTo=%2Fcategories%2Fcat-fresh-juices%2Fproducts%2Fprd-sunrise-orange",
    );
    expect(JSON.parse(sessionStorage.getItem(PENDING_INTENT_STORAGE_KEY) ?? "null")).toMatchObject({
      kind: "add-to-cart",
      then: "open-cart",
    });
  });

  it("on return with ?auth=success toasts, signs in, carries on with the drink and strips the parameters", async () => {
    mockApi({ "GET /api/me": () => json(signedInUser) });
    sessionStorage.setItem(
      PENDING_INTENT_STORAGE_KEY,
      JSON.stringify({
        kind: "add-to-cart",
        item: {
          id: cartLineId("Sunrise Orange", "small"),
          productId: "prd-sunrise-orange",
          categoryId: "cat-fresh-juices",
          name: "Sunrise Orange",
          priceCents: 549,
          size: "small",
          comment: "",
          image: "/images/drinks/sunrise-orange.svg",
        },
        then: "open-cart",
      }),
    );
    const { router } = renderShell("/menu?category=smoothies&auth=success&provider=apple");

    expect(await screen.findByText("Logged in with Apple!")).toBeInTheDocument();
    expect(useSessionStore.getState().user).toEqual(signedInUser);
    expect(useCartStore.getState().items).toEqual([expect.objectContaining({ name: "Sunrise Orange", quantity: 1 })]);
    expect(useCartStore.getState().isOpen).toBe(true);
    expect(router.state.location.pathname).toBe("/menu");
    expect(router.state.location.search).toBe("?category=smoothies");
    expect(sessionStorage.getItem(PENDING_INTENT_STORAGE_KEY)).toBeNull();
  });

  it("on return with ?auth=failed toasts the generic failure and strips the parameters", async () => {
    mockApi({ "GET /api/me": () => json(guest) });
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { router } = renderShell("/menu?auth=failed&provider=google");
    expect(await screen.findByText("Google sign-in failed.")).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    expect(router.state.location.search).toBe("");
    expect(useSessionStore.getState().user.isAuthenticated).toBe(false);
  });
});

describe("a tap made before the session check has answered", () => {
  /** A button only a signed-in shopper may use, beside the shell that checks the session. */
  function GatedShell() {
    const requireSignIn = useAuthGate();
    const [added, setAdded] = useState(false);
    return (
      <>
        <Shell />
        <button type="button" onClick={() => requireSignIn(() => setAdded(true))}>
          Add to Cart
        </button>
        {added && <p>Added</p>}
      </>
    );
  }

  /** GET /api/me held until `answer` is called. */
  function heldSessionCheck() {
    let answer!: (response: Response) => void;
    const answered = new Promise<Response>((resolve) => (answer = resolve));
    mockApi({ "GET /api/me": () => answered });
    return answer;
  }

  beforeEach(() => useSessionStore.setState({ checked: false }));

  it("runs for a shopper this browser did not know was signed in, without asking them to sign in", async () => {
    const answer = heldSessionCheck();
    const user = userEvent.setup();
    renderRoutes([{ path: "*", element: <GatedShell /> }], "/menu");
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(screen.queryByText("Added")).not.toBeInTheDocument();
    expect(useAuthModalStore.getState().isOpen).toBe(false);

    answer(json(signedInUser));
    expect(await screen.findByText("Added")).toBeInTheDocument();
    expect(useAuthModalStore.getState().isOpen).toBe(false);
  });

  it("asks a guest to sign in once the server has said so, and then does what was tapped", async () => {
    const answer = heldSessionCheck();
    const user = userEvent.setup();
    renderRoutes([{ path: "*", element: <GatedShell /> }], "/menu");
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(screen.queryByRole("dialog", { name: "Welcome" })).not.toBeInTheDocument();

    answer(json(guest));
    expect(await screen.findByRole("dialog", { name: "Welcome" })).toBeInTheDocument();
    act(() => useAuthModalStore.getState().takePendingAction()?.());
    expect(screen.getByText("Added")).toBeInTheDocument();
  });

  it("asks to sign in when the server cannot be reached, or has not answered within the wait", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    mockApi({ "GET /api/me": () => Promise.reject(new TypeError("Failed to fetch")) });
    const user = userEvent.setup();
    renderRoutes([{ path: "*", element: <GatedShell /> }], "/menu");
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByRole("dialog", { name: "Welcome" })).toBeInTheDocument();
    act(() => useAuthModalStore.getState().close());

    vi.useFakeTimers();
    useSessionStore.setState({ checked: false });
    act(() => screen.getByRole("button", { name: "Add to Cart" }).click());
    act(() => vi.advanceTimersByTime(SESSION_CHECK_WAIT_MS - 1));
    expect(useAuthModalStore.getState().isOpen).toBe(false);
    await act(async () => vi.advanceTimersByTime(1));
    expect(useAuthModalStore.getState().isOpen).toBe(true);
    expect(screen.queryByText("Added")).not.toBeInTheDocument();
  });
});

describe("session sync and logout", () => {
  it("on start signs out a remembered user the server no longer knows", async () => {
    signInAs();
    mockApi({ "GET /api/me": () => json(guest) });
    renderShell();
    await waitFor(() => expect(useSessionStore.getState().user.isAuthenticated).toBe(false));
    expect(screen.getByRole("button", { name: "Sign in" })).toBeInTheDocument();
  });

  it("the user menu closes on a click outside and on Escape", async () => {
    signInAs();
    mockApi({ "GET /api/me": () => json(signedInUser) });
    const user = userEvent.setup();
    renderShell();
    const button = screen.getByRole("button", { name: "Account menu for Ada Lovelace" });
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    await user.click(document.body);
    expect(button).toHaveAttribute("aria-expanded", "false");
    await user.click(button);
    await user.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();
  });

  it("Logout ends the session, clears user and cart, purges storage, goes home and says so", async () => {
    signInAs();
    useCartStore.getState().addItem({
      id: cartLineId("Berry Blast", "small"),
      productId: "prd-berry-blast",
      categoryId: "cat-smoothies",
      name: "Berry Blast",
      priceCents: 599,
      size: "small",
      comment: "",
      image: "/images/drinks/berry-blast.svg",
    });
    expect(localStorage.getItem(CART_STORAGE_KEY)).toContain("prd-berry-blast");
    const { calls } = mockApi({
      "GET /api/me": () => json(signedInUser),
      "POST /api/auth/logout": () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    const { router } = renderShell("/orders");

    await user.click(screen.getByRole("button", { name: "Account menu for Ada Lovelace" }));
    await user.click(screen.getByRole("button", { name: "Logout" }));

    expect(await screen.findByText("Logged out successfully")).toBeInTheDocument();
    expect(calls).toContainEqual(expect.objectContaining({ method: "POST", url: "/api/auth/logout", body: {} }));
    expect(useSessionStore.getState().user.isAuthenticated).toBe(false);
    expect(useCartStore.getState().items).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByRole("button", { name: "Sign in" })).toBeInTheDocument();
  });

  it("Logout forgets this user's cached API data in the shared query cache, but keeps the menu", async () => {
    signInAs();
    queryClient.setQueryData(["categories"], [{ id: "cat-fresh-juices" }]);
    queryClient.setQueryData(["orders"], [{ id: "ord-1" }]);
    mockApi({
      "GET /api/me": () => json(signedInUser),
      "POST /api/auth/logout": () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderShell("/orders");

    await user.click(screen.getByRole("button", { name: "Account menu for Ada Lovelace" }));
    await user.click(screen.getByRole("button", { name: "Logout" }));

    expect(await screen.findByText("Logged out successfully")).toBeInTheDocument();
    expect(queryClient.getQueryData(["orders"])).toBeUndefined();
    expect(queryClient.getQueryData(["categories"])).toEqual([{ id: "cat-fresh-juices" }]);
    queryClient.clear();
  });
});
