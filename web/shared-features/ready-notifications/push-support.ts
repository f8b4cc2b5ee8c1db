/** What this browser can do about notifications, before anything is asked of the shopper. */
export type PushSupport = "supported" | "add-to-home-screen" | "unsupported";

/** An iPhone or iPad (iPadOS reports itself as a Mac with a touch screen). */
function isAppleMobile(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/** Opened from the home screen (or installed elsewhere), not in a browser tab. */
function isInstalledApp(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia?.("(display-mode: standalone)").matches === true;
}

/**
 * Web Push needs a service worker, the Push API and notifications. On an iPhone, Safari offers them
 * only to a site added to the home screen (iOS 16.4 and later), so there the page says how instead.
 */
export function pushSupport(): PushSupport {
  const capable = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (isAppleMobile() && !isInstalledApp()) return "add-to-home-screen";
  return capable ? "supported" : "unsupported";
}

/** The VAPID key as PushManager.subscribe takes it. */
export function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
