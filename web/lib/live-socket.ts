import { LIVE_PING, LIVE_PONG, SESSION_ENDED_CLOSE_CODE } from "#common/live-updates";

/** `signed_out`: the server closed the socket because its session ended; it does not reconnect. */
export type LiveStatus = "connecting" | "online" | "offline" | "signed_out";

export interface LiveSocketOptions {
  /** A path on this site, e.g. /api/live/board. */
  path: string;
  onMessage(data: unknown): void;
  /** Called on every (re)connection: read what was missed from the API. */
  onOpen?(): void;
  onStatus?(status: LiveStatus): void;
  /**
   * How often to ping and how long to wait for the pong before the connection counts as dead.
   * The board asks for a quick one so it says "Offline" within seconds; pings are answered by
   * the runtime without waking the Durable Object.
   */
  heartbeat?: { everyMs: number; timeoutMs: number };
  /**
   * How long a handshake may take before it is abandoned and tried again: over a network that
   * has just come back, or a struggling one, a handshake can hang without ever failing.
   */
  connectTimeoutMs?: number;
  /**
   * Asked when a connection is refused before it opens: a session that ended while the page was
   * offline is refused at the handshake (401), which a browser reports like a network failure.
   * Resolving true ends the socket as `signed_out`; false or a failure keeps retrying.
   */
  sessionEnded?(): Promise<boolean>;
}

/** The first reconnection waits this long, each later one twice as long, up to the maximum. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** A ping every so often; no pong within the timeout means the connection is dead (e.g. the Wi-Fi dropped). */
const DEFAULT_HEARTBEAT = { everyMs: 25_000, timeoutMs: 10_000 };
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/** The wait before reconnection attempt `attempt` (0-based): exponential, capped, with jitter so a shop's boards do not all knock at once. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * A WebSocket to one of the worker's live channels that stays open: it reconnects with backoff
 * after a drop, when the browser comes back online and when the tab is shown again, and says
 * whether it is online. The browser's "offline" event counts as a drop at once (a socket can
 * take long to notice a dead network). A close because the session ended (signed out, expired,
 * no longer staff) is final: it says `signed_out` and never reconnects, since every attempt would
 * be refused; so is a session found ended when a reconnection is refused (`sessionEnded`).
 * Returns a function that closes it for good.
 */
export function openLiveSocket(options: LiveSocketOptions): () => void {
  const heartbeat = options.heartbeat ?? DEFAULT_HEARTBEAT;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  let handshakeTimer: ReturnType<typeof setTimeout> | undefined;

  const status = (value: LiveStatus) => options.onStatus?.(value);

  function clearTimers() {
    clearTimeout(retryTimer);
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
    clearTimeout(handshakeTimer);
  }

  function connect() {
    if (stopped) return;
    clearTimers();
    status("connecting");
    const url = new URL(options.path, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const current = new WebSocket(url);
    socket = current;
    let opened = false;
    handshakeTimer = setTimeout(() => dropped(current), connectTimeoutMs);
    current.addEventListener("open", () => {
      if (socket !== current) return;
      opened = true;
      clearTimeout(handshakeTimer);
      attempt = 0;
      status("online");
      options.onOpen?.();
      pingTimer = setInterval(() => {
        if (current.readyState !== WebSocket.OPEN) return;
        current.send(LIVE_PING);
        clearTimeout(pongTimer);
        pongTimer = setTimeout(() => dropped(current), heartbeat.timeoutMs);
      }, heartbeat.everyMs);
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
    current.addEventListener("close", (event) => {
      if (socket === current && event.code === SESSION_ENDED_CLOSE_CODE) signedOut();
      else {
        const refused = socket === current && !opened;
        dropped(current);
        if (refused) askWhetherSessionEnded();
      }
    });
  }

  /** A refused handshake may be a session that ended meanwhile: the page asks who it is. */
  function askWhetherSessionEnded() {
    if (!options.sessionEnded || navigator.onLine === false) return;
    options.sessionEnded().then(
      (ended) => {
        if (ended && !stopped) signedOut();
      },
      () => {
        // Unknown (the network is still down): the retries go on.
      },
    );
  }

  /** The server ended the session's sockets: stop for good and say so. */
  function signedOut() {
    stop();
    status("signed_out");
  }

  /** The connection is gone (closed, no pong, or the browser went offline): say so and try again later. */
  function dropped(dead: WebSocket) {
    if (socket !== dead) return;
    socket = null;
    clearTimers();
    // A close handshake over a dead network can take a minute; the socket is abandoned now.
    if (dead.readyState <= WebSocket.OPEN) dead.close(4000, "connection lost");
    if (stopped) return;
    status("offline");
    // Offline: wait for the "online" event rather than knocking at a network that is not there.
    if (navigator.onLine === false) return;
    retryTimer = setTimeout(connect, reconnectDelay(attempt));
    attempt += 1;
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
  const onOffline = () => {
    if (socket) dropped(socket);
    else status("offline");
  };
  window.addEventListener("online", reconnectNow);
  window.addEventListener("offline", onOffline);
  document.addEventListener("visibilitychange", onVisible);
  if (navigator.onLine === false) status("offline");
  else connect();

  function stop() {
    stopped = true;
    clearTimers();
    window.removeEventListener("online", reconnectNow);
    window.removeEventListener("offline", onOffline);
    document.removeEventListener("visibilitychange", onVisible);
    const last = socket;
    socket = null;
    if (last && last.readyState <= WebSocket.OPEN) last.close(1000, "page closed");
  }

  return stop;
}
