import { LIVE_PING, LIVE_PONG } from "#common/live-updates";

export type LiveStatus = "connecting" | "online" | "offline";

export interface LiveSocketOptions {
  /** A path on this site, e.g. /api/live/board. */
  path: string;
  onMessage(data: unknown): void;
  /** Called on every (re)connection: read what was missed from the API. */
  onOpen?(): void;
  onStatus?(status: LiveStatus): void;
}

/** The first reconnection waits this long, each later one twice as long, up to the maximum. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** A ping every so often; no pong within the timeout means the connection is dead (e.g. the Wi-Fi dropped). */
const PING_EVERY_MS = 25_000;
const PONG_TIMEOUT_MS = 10_000;

/** The wait before reconnection attempt `attempt` (0-based): exponential, capped, with jitter so a shop's boards do not all knock at once. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * A WebSocket to one of the worker's live channels that stays open: it reconnects with backoff
 * after a drop, when the browser comes back online and when the tab is shown again, and says
 * whether it is online. Returns a function that closes it for good.
 */
export function openLiveSocket(options: LiveSocketOptions): () => void {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;

  const status = (value: LiveStatus) => options.onStatus?.(value);

  function clearTimers() {
    clearTimeout(retryTimer);
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
  }

  function connect() {
    if (stopped) return;
    clearTimers();
    status("connecting");
    const url = new URL(options.path, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const current = new WebSocket(url);
    socket = current;
    current.addEventListener("open", () => {
      if (socket !== current) return;
      attempt = 0;
      status("online");
      options.onOpen?.();
      pingTimer = setInterval(() => {
        if (current.readyState !== WebSocket.OPEN) return;
        current.send(LIVE_PING);
        clearTimeout(pongTimer);
        pongTimer = setTimeout(() => current.close(4000, "no pong"), PONG_TIMEOUT_MS);
      }, PING_EVERY_MS);
    });
    current.addEventListener("message", (event) => {
      if (socket !== current || typeof event.data !== "string") return;
      if (event.data === LIVE_PONG) {
        clearTimeout(pongTimer);
        return;
      }
      try {
        options.onMessage(JSON.parse(event.data));
      } catch {
        // Not a message of ours; the next catch-up from the API covers anything lost.
      }
    });
    current.addEventListener("close", () => {
      if (socket !== current) return;
      socket = null;
      clearTimers();
      if (stopped) return;
      status("offline");
      retryTimer = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    });
  }

  /** Back online or back in view: try at once rather than at the end of the backoff. */
  function reconnectNow() {
    if (stopped || (socket && socket.readyState <= WebSocket.OPEN)) return;
    attempt = 0;
    connect();
  }
  const onVisible = () => {
    if (document.visibilityState === "visible") reconnectNow();
  };
  window.addEventListener("online", reconnectNow);
  document.addEventListener("visibilitychange", onVisible);
  connect();

  return () => {
    stopped = true;
    clearTimers();
    window.removeEventListener("online", reconnectNow);
    document.removeEventListener("visibilitychange", onVisible);
    socket?.close(1000, "page closed");
    socket = null;
  };
}
