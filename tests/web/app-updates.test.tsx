import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryRouter, RouterProvider } from "react-router";
import { DEV_SERVICE_WORKER_PATH, KEEP_MENU_MESSAGE, SERVICE_WORKER_PATH, SKIP_WAITING_MESSAGE } from "#common/offline";
import { useShopChoice } from "#web/lib/shop-store";

// The page's side of the installable app: it registers the service worker, asks it to keep the
// menu once the menu is shown, and when a newer version waits, says so and lets it take over at
// the next change of page, never within one. The browser's service worker container is faked at
// its edge (jsdom has none).

function fakeServiceWorkers({ newerWaiting }: { newerWaiting: boolean }) {
  const waiting = { postMessage: vi.fn() };
  const active = { postMessage: vi.fn() };
  const registration = Object.assign(new EventTarget(), { waiting: newerWaiting ? waiting : null, active });
  const container = Object.assign(new EventTarget(), {
    controller: {},
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
  });
  Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: container });
  const reload = vi.fn();
  vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload });
  return { container, waiting, active, reload };
}

async function renderAt(path: string) {
  vi.resetModules();
  const { default: AppUpdates } = await import("#web/app/app-updates");
  const router = createMemoryRouter(
    [
      { path: "/", element: <AppUpdates /> },
      { path: "/menu", element: <AppUpdates /> },
      { path: "/checkout", element: <AppUpdates /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("the installable app's service worker, seen from the page", () => {
  it("registers /sw.js for the whole site and asks it to keep the menu once the menu is shown", async () => {
    const browser = fakeServiceWorkers({ newerWaiting: false });
    await renderAt("/menu");
    await vi.waitFor(() => expect(browser.active.postMessage).toHaveBeenCalledWith(KEEP_MENU_MESSAGE));
    expect(browser.container.register).toHaveBeenCalledWith(SERVICE_WORKER_PATH, { scope: "/" });
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("asks it to keep the chosen shop's menu once a shop is chosen", async () => {
    useShopChoice.setState({ shopId: "loc-fullerton" });
    const browser = fakeServiceWorkers({ newerWaiting: false });
    await renderAt("/menu");
    await vi.waitFor(() =>
      expect(browser.active.postMessage).toHaveBeenCalledWith({ type: KEEP_MENU_MESSAGE, locationId: "loc-fullerton" }),
    );
    useShopChoice.setState({ shopId: null });
  });

  it("under npm run dev registers the same worker as Vite serves it, a module, and asks it to keep the menu", async () => {
    vi.stubEnv("MODE", "development");
    const browser = fakeServiceWorkers({ newerWaiting: false });
    await renderAt("/menu");
    await vi.waitFor(() => expect(browser.active.postMessage).toHaveBeenCalledWith(KEEP_MENU_MESSAGE));
    expect(browser.container.register).toHaveBeenCalledWith(DEV_SERVICE_WORKER_PATH, { scope: "/", type: "module" });
    expect(browser.container.register).not.toHaveBeenCalledWith(SERVICE_WORKER_PATH, expect.anything());
  });

  it("says when a newer version is ready, and lets it take over at the next change of page, not before", async () => {
    const browser = fakeServiceWorkers({ newerWaiting: true });
    const router = await renderAt("/checkout");
    expect(await screen.findByRole("status")).toHaveTextContent(
      "A newer version of Squeeze is ready. It opens with your next page.",
    );
    // Within the checkout (its own address changing) nothing happens.
    await act(() => router.navigate("/checkout?payment=cancelled"));
    expect(browser.waiting.postMessage).not.toHaveBeenCalled();

    await act(() => router.navigate("/menu"));
    expect(browser.waiting.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
    expect(browser.reload).not.toHaveBeenCalled();
    // Once the newer version controls the page, the page loads again as that version.
    browser.container.dispatchEvent(new Event("controllerchange"));
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it("“Open it now” takes the newer version at once", async () => {
    const browser = fakeServiceWorkers({ newerWaiting: true });
    await renderAt("/");
    await userEvent.click(await screen.findByRole("button", { name: "Open it now" }));
    expect(browser.waiting.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
  });
});
