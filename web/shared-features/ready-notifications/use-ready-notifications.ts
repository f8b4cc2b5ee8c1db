import { useCallback, useEffect, useState } from "react";
import { errorMessage } from "#web/lib/query-client";
import { registerServiceWorker } from "#web/lib/service-worker";
import { deletePushSubscription } from "./api/delete-push-subscription";
import { getPushKey } from "./api/get-push-key";
import { savePushSubscription } from "./api/save-push-subscription";
import { keyBytes, pushSupport, type PushSupport } from "./push-support";

export type ReadyNotificationsState =
  | { kind: "checking" }
  | { kind: Exclude<PushSupport, "supported"> }
  | { kind: "blocked" }
  /** Permission is not refused, but the browser would not subscribe (a private window, a browser's own setting). */
  | { kind: "cannot-subscribe" }
  | { kind: "off"; error?: string }
  | { kind: "on"; error?: string }
  | { kind: "working" };

/**
 * The browser's own refusal to subscribe (e.g. "Registration failed - permission denied" in a
 * private window): a DOMException, as opposed to our API's or the network's errors.
 */
function isBrowserRefusal(error: unknown): boolean {
  return (
    error instanceof DOMException &&
    ["NotAllowedError", "NotSupportedError", "AbortError", "InvalidStateError", "SecurityError"].includes(error.name)
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * This device's notifications for the shopper's orders: whether they are on, and turning them on
 * (which asks for permission: only ever from a tap) or off.
 */
export function useReadyNotifications() {
  const [state, setState] = useState<ReadyNotificationsState>({ kind: "checking" });

  useEffect(() => {
    const support = pushSupport();
    if (support !== "supported") return setState({ kind: support });
    if (Notification.permission === "denied") return setState({ kind: "blocked" });
    let live = true;
    void currentSubscription()
      .then((subscription) => {
        if (live) setState({ kind: subscription ? "on" : "off" });
        // Keeps the device tied to whoever is signed in now (signing out on it untied it).
        if (subscription) void savePushSubscription(subscription.toJSON()).catch(() => undefined);
      })
      .catch(() => live && setState({ kind: "off" }));
    return () => {
      live = false;
    };
  }, []);

  const turnOn = useCallback(async () => {
    setState({ kind: "working" });
    try {
      // The browser's question, asked because the shopper tapped the button.
      const permission = await Notification.requestPermission();
      if (permission !== "granted") return setState(permission === "denied" ? { kind: "blocked" } : { kind: "off" });
      const key = await getPushKey();
      let subscription: PushSubscription;
      try {
        await registerServiceWorker();
        const registration = await navigator.serviceWorker.ready;
        subscription =
          (await registration.pushManager.getSubscription()) ??
          (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
      } catch (error) {
        // Said in words, never the browser's own message ("Registration failed - permission denied").
        if (Notification.permission === "denied") return setState({ kind: "blocked" });
        if (isBrowserRefusal(error)) return setState({ kind: "cannot-subscribe" });
        throw error;
      }
      await savePushSubscription(subscription.toJSON());
      setState({ kind: "on" });
    } catch (error) {
      setState({ kind: "off", error: `Notifications could not be turned on: ${errorMessage(error)}` });
    }
  }, []);

  const turnOff = useCallback(async () => {
    setState({ kind: "working" });
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await deletePushSubscription(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setState({ kind: "off" });
    } catch (error) {
      setState({ kind: "on", error: `Notifications could not be turned off: ${errorMessage(error)}` });
    }
  }, []);

  return { state, turnOn, turnOff };
}
