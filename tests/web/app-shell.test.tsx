import { act, render, renderHook, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import toast from "react-hot-toast";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadChunk } from "#web/app/lazy-page";
import { AppRoutes } from "#web/app/router";
import { PERSIST_TIMEOUT_MS, useStoresHydrated, type PersistedStore } from "#web/app/store-hydration";
import { notify } from "#web/lib/notify";

// The checkout page's chunk "fails to download"; the about page throws while rendering.
vi.mock("#web/features/checkout/checkout-page", () => {
  throw new TypeError("Failed to fetch dynamically imported module: /assets/checkout-page-abc123.js");
});
vi.mock("#web/features/auth/auth-modal", () => {
  throw new TypeError("Failed to fetch dynamically imported module: /assets/auth-modal-abc123.js");
});
vi.mock("#web/features/about/about-page", () => ({
  default: function BrokenAboutPage(): never {
    throw new Error("Cannot read the team list");
  },
}));

const GUEST = { uid: "", username: "", email: "", phone: "", isAuthenticated: false };

beforeEach(() => {
  vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json(GUEST));
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  // ScrollRestoration scrolls on navigation; jsdom has no layout to scroll.
  vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderApp(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

describe("App shell routes", () => {
  it("shows a 404 page inside the layout for an unknown path", async () => {
    renderApp("/no-such-drink");
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByText("/no-such-drink")).toBeInTheDocument();
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
    expect(document.title).toBe("Page not found · Squeeze");
  });

  it("renders /login on its own, outside the layout", async () => {
    renderApp("/login");
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome to Squeeze" })).toBeInTheDocument();
    expect(screen.queryByRole("banner")).not.toBeInTheDocument();
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
  });

  it("names the chunk that failed to load, keeps the layout and offers a way back", async () => {
    renderApp("/checkout");
    const title = await screen.findByRole("heading", { level: 1, name: "This page could not be loaded" });
    const page = title.closest("section")!;
    expect(within(page).getByRole("alert")).toHaveTextContent("Loading chunk checkout-page failed.");
    expect(within(page).getByRole("button", { name: "Reload the page" })).toBeInTheDocument();
    expect(within(page).getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
  });

  it("leaves the error page on the next navigation", async () => {
    const user = userEvent.setup();
    renderApp("/checkout");
    const title = await screen.findByRole("heading", { level: 1, name: "This page could not be loaded" });
    await user.click(within(title.closest("section")!).getByRole("link", { name: "Back to home" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Fresh juice, squeezed for your day" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "This page could not be loaded" })).not.toBeInTheDocument();
  });

  it("shows 'Unexpected Application Error!' inside the layout when a page throws", async () => {
    renderApp("/about");
    expect(await screen.findByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Cannot read the team list");
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Back to home" })[0]).toHaveAttribute("href", "/");
  });
});

describe("Overlays loaded on demand", () => {
  it("tells the shopper when the sign-in modal's chunk fails, and the page keeps working", async () => {
    const user = userEvent.setup();
    renderApp("/no-such-drink");
    await screen.findByRole("heading", { level: 1, name: "Page not found" });
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Loading chunk auth-modal failed.");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
  });
});

describe("loadChunk", () => {
  it("gives up after the spec's 120 s time-out, naming the chunk", async () => {
    vi.useFakeTimers();
    try {
      const pending = loadChunk("menu-page", () => new Promise<never>(() => undefined));
      const outcome = pending.catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
      await vi.advanceTimersByTimeAsync(1);
      const error = await outcome;
      expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
      expect(error).toBeInstanceOf(ChunkLoadError);
      expect((error as ChunkLoadError).chunk).toBe("menu-page");
      expect((error as ChunkLoadError).message).toBe("Loading chunk menu-page timed out after 120 s.");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the toasts", () => {
  // react-hot-toast's store is one per page: start from none, as a visit does.
  beforeEach(() => act(() => toast.remove()));

  it("shows a toast raised before the toasts' code has loaded, then each one after", async () => {
    renderApp("/no-such-drink");
    // Raised as the page comes up, before the layout has drawn the toaster.
    act(() => void toast.success("Added to the cart"));
    await screen.findByRole("heading", { level: 1, name: "Page not found" });
    expect(await screen.findByRole("status")).toHaveTextContent("Added to the cart");
    act(() => void toast.error("Could not reach the shop"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not reach the shop");
    act(() => toast.remove());
  });

  it("shows a toast the first page's own code raises, which loads the toasts' code itself", async () => {
    renderApp("/no-such-drink");
    await screen.findByRole("heading", { level: 1, name: "Page not found" });
    act(() => notify("error", "Could not log out. Please try again."));
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not log out. Please try again.");
    act(() => toast.remove());
  });
});

describe("useStoresHydrated", () => {
  function fakeStore(hydrated: boolean) {
    const listeners = new Set<() => void>();
    const store = {
      hydrated,
      persist: {
        hasHydrated: () => store.hydrated,
        onFinishHydration: (listener: () => void) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      finish() {
        store.hydrated = true;
        listeners.forEach((listener) => listener());
      },
    };
    return store;
  }

  it("is ready at once when every store has rehydrated", () => {
    const stores: PersistedStore[] = [fakeStore(true), fakeStore(true)];
    expect(renderHook(() => useStoresHydrated(stores)).result.current).toBe(true);
  });

  it("waits for the last store to finish rehydrating", () => {
    const session = fakeStore(true);
    const cart = fakeStore(false);
    const stores: PersistedStore[] = [session, cart];
    const { result } = renderHook(() => useStoresHydrated(stores));
    expect(result.current).toBe(false);
    act(() => cart.finish());
    expect(result.current).toBe(true);
  });

  it("stops waiting after 5 s", () => {
    vi.useFakeTimers();
    try {
      const stores: PersistedStore[] = [fakeStore(false)];
      const { result } = renderHook(() => useStoresHydrated(stores));
      act(() => vi.advanceTimersByTime(PERSIST_TIMEOUT_MS - 1));
      expect(result.current).toBe(false);
      act(() => vi.advanceTimersByTime(1));
      expect(PERSIST_TIMEOUT_MS).toBe(5000);
      expect(result.current).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
