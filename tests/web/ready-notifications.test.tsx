import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ReadyNotifications } from "#web/shared-features/ready-notifications/ready-notifications";
import { json, mockApi } from "./storefront-helpers";

// "Tell me when it's ready" against the browser's push machinery as jsdom lacks it: a service
// worker container, a PushManager and the Notification permission, faked at the browser's edge.
// The shop's API is faked at fetch.

const PUBLIC_KEY = "BNyHi0rYnuG3wBDjnHTM5kyKCa8JGaf__0yv5TepKzjFB_s7SHLZHysQ5ILRYgGiqBwL8UyS6TQz0crwE8QqcoA";
const SUBSCRIPTION_JSON = {
  endpoint: "https://fcm.googleapis.com/fcm/send/device-1",
  expirationTime: null,
  keys: { p256dh: "BPublicKeyOfTheDevice", auth: "secret" },
};

function fakeBrowser({ permission = "default" as NotificationPermission, subscribed = false, userAgent = "" } = {}) {
  let current: PushSubscription | null = null;
  const subscription = {
    endpoint: SUBSCRIPTION_JSON.endpoint,
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  } as unknown as PushSubscription;
  if (subscribed) current = subscription;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager } as unknown as ServiceWorkerRegistration;
  const requestPermission = vi.fn(async () => {
    notification.permission = "granted";
    return "granted" as NotificationPermission;
  });
  const notification = { permission, requestPermission };
  vi.stubGlobal("Notification", notification);
  vi.stubGlobal("PushManager", function PushManager() {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: {
      register: vi.fn(async () => registration),
      getRegistration: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
    },
  });
  if (userAgent) vi.spyOn(navigator, "userAgent", "get").mockReturnValue(userAgent);
  return { pushManager, requestPermission, subscription };
}

beforeEach(() => {
  vi.restoreAllMocks();
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("Tell me when it's ready", () => {
  it("asks for permission only on the tap, then subscribes with the shop's key and posts the subscription", async () => {
    const browser = fakeBrowser();
    const api = mockApi({
      "GET /api/push-subscriptions/key": () => json({ publicKey: PUBLIC_KEY }),
      "POST /api/push-subscriptions": () => json({ endpoint: SUBSCRIPTION_JSON.endpoint }, 201),
    });
    render(<ReadyNotifications />);
    const button = await screen.findByRole("button", { name: "Tell me when it’s ready" });
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(button);
    expect(await screen.findByText("This device gets a notification when your order is ready.")).toBeVisible();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [options] = browser.pushManager.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(api.calls.filter((call) => call.method === "POST")).toEqual([
      expect.objectContaining({ url: "/api/push-subscriptions", body: SUBSCRIPTION_JSON }),
    ]);
  });

  it("says so when the shopper refuses, and subscribes nothing", async () => {
    const browser = fakeBrowser();
    browser.requestPermission.mockResolvedValueOnce("denied");
    mockApi({});
    render(<ReadyNotifications />);
    await userEvent.click(await screen.findByRole("button", { name: "Tell me when it’s ready" }));
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeVisible();
    expect(screen.queryByText(/This browser would not/)).toBeNull();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it("says in plain words when the browser will not subscribe at all (a private window), never its own message", async () => {
    const browser = fakeBrowser();
    browser.pushManager.subscribe.mockRejectedValueOnce(
      new DOMException("Registration failed - permission denied", "NotAllowedError"),
    );
    const api = mockApi({ "GET /api/push-subscriptions/key": () => json({ publicKey: PUBLIC_KEY }) });
    render(<ReadyNotifications />);
    await userEvent.click(await screen.findByRole("button", { name: "Tell me when it’s ready" }));
    expect(await screen.findByText(/This browser would not turn notifications on/)).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("This page and your e-mail tell you when it is ready.");
    // Not the blocked words: permission was given, the browser refused.
    expect(screen.queryByText(/blocked for this site/)).toBeNull();
    expect(screen.queryByText(/Registration failed/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Tell me when it’s ready" })).toBeNull();
    expect(api.calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("is not offered once the order is ready; notifications already on still show", async () => {
    fakeBrowser();
    mockApi({});
    const { unmount } = render(<ReadyNotifications allowTurningOff offer={false} />);
    await waitFor(() => expect(screen.queryByRole("button")).toBeNull());
    expect(document.querySelector(".ready-notifications")).toBeNull();
    unmount();
    fakeBrowser({ permission: "granted", subscribed: true });
    mockApi({ "POST /api/push-subscriptions": () => json({ endpoint: SUBSCRIPTION_JSON.endpoint }, 201) });
    render(<ReadyNotifications allowTurningOff offer={false} />);
    expect(await screen.findByRole("button", { name: "Turn off notifications" })).toBeVisible();
  });

  it("on the order page, turns them off: the shop forgets the device and the browser unsubscribes", async () => {
    const browser = fakeBrowser({ permission: "granted", subscribed: true });
    const api = mockApi({
      "POST /api/push-subscriptions": () => json({ endpoint: SUBSCRIPTION_JSON.endpoint }, 201),
      "DELETE /api/push-subscriptions": () => new Response(null, { status: 204 }),
    });
    render(<ReadyNotifications allowTurningOff />);
    await userEvent.click(await screen.findByRole("button", { name: "Turn off notifications" }));
    expect(await screen.findByRole("button", { name: "Tell me when it’s ready" })).toBeVisible();
    expect(api.calls.find((call) => call.method === "DELETE")?.body).toEqual({ endpoint: SUBSCRIPTION_JSON.endpoint });
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
  });

  it("on an iPhone's Safari, outside the home-screen app, says how to add it instead of a button that cannot work", async () => {
    fakeBrowser({
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    });
    mockApi({});
    render(<ReadyNotifications />);
    expect(await screen.findByText(/add Squeeze to your Home Screen/)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("button")).toBeNull());
  });
});
