import { DurableObject } from "cloudflare:workers";
import { LIVE_PING, LIVE_PONG, SESSION_ENDED_CLOSE_CODE } from "#common/live-updates";

/**
 * Who is at the other end of a socket, and through which sign-in session (its token's hash). Set
 * by the worker after it checked the session, never by the browser.
 */
export interface Listener {
  kind: "board" | "shopper";
  userId: string;
  session: string;
}

/** The tag a socket is filed under, so a message finds its audience without looking at every socket. */
const BOARD_TAG = "board";
const shopperTag = (userId: string) => `shopper:${userId}`;
const sessionTag = (session: string) => `session:${session}`;

/** The header that carries the listener from the worker to the object (the worker builds that request itself). */
export const LISTENER_HEADER = "X-Squeeze-Listener";
/**
 * When the worker checked the listener for the handshake (epoch ms): the session and, for a board,
 * the membership were read just then, so the listener counts as checked from that moment.
 */
export const CHECKED_AT_HEADER = "X-Squeeze-Checked-At";

function readListener(value: string | null): Listener | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<Listener>;
    const { kind, userId, session } = parsed;
    if (
      (kind === "board" || kind === "shopper") &&
      typeof userId === "string" &&
      userId &&
      typeof session === "string" &&
      session
    ) {
      return { kind, userId, session };
    }
  } catch {
    // not a listener
  }
  return null;
}

export interface LocationUpdate {
  /** The message for every open board of the location (a serialised BoardOrderMessage); none for a shopper-only message. */
  board?: string;
  /** The message for the order's owner only (a serialised ShopperOrderMessage); none for a board-only message. */
  shopper?: { userId: string; message: string };
}

/**
 * How long a listener's last check against the database (its session alive, a board's user still
 * on the shop's staff) lets messages go to it without another: the longest a signed-out, expired
 * or removed listener can keep hearing (a sign-out closes its sockets at once, see closeSession).
 */
export const LISTENER_CHECK_VALID_MS = 5_000;
/** After this long a listener is checked again in the background, while messages keep going to it. */
export const LISTENER_RECHECK_AFTER_MS = 2_000;

/** What `publish` did at once, and which listeners the worker is to check before `settle`. */
export interface PublishOutcome {
  boards: number;
  shoppers: number;
  /** Not checked within LISTENER_CHECK_VALID_MS: the message waits for them until `settle`. */
  held: Listener[];
  /** Checked a while ago: the message went out, and they are to be checked again now. */
  due: Listener[];
}

/**
 * A live channel: one object per shop (named by its id) for the shop's open order boards, and one
 * per shopper (`shopper:<userId>`) for their order pages, which hear their orders at every shop.
 *
 * It keeps nothing but the sockets. They are accepted through the Hibernation API, so an idle
 * shop costs nothing: the object sleeps between messages and wakes with its sockets intact.
 * Pings are answered by the runtime without waking it. If the object restarts (a deploy, a
 * move), the sockets close; the pages reconnect and read what they missed from the API, which
 * is the source of truth. See docs/decisions/0008-live-order-updates.md.
 */
// It reads no binding, so it takes the worker's env as unknown (and worker/env.ts, which names
// this class, is not imported back).
export class LocationChannel extends DurableObject<unknown> {
  /**
   * When each session's listeners were last found allowed (epoch ms). In memory only: after an
   * eviction every listener is checked again before it hears anything.
   */
  private readonly checkedAt = new Map<string, number>();
  /** Each socket's listener, read once from its attachment (a structured clone) rather than at every message. */
  private readonly listeners = new WeakMap<WebSocket, Listener>();
  /** When a fresh check of a session was asked for and not yet settled, so one is asked at a time. */
  private readonly recheckAskedAt = new Map<string, number>();

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  /** A socket for a listener the worker has already authenticated (see routes/live.ts). */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const listener = readListener(request.headers.get(LISTENER_HEADER));
    if (!listener) return new Response("No listener", { status: 400 });
    const { 0: client, 1: server } = new WebSocketPair();
    const audience = listener.kind === "board" ? BOARD_TAG : shopperTag(listener.userId);
    this.ctx.acceptWebSocket(server, [audience, sessionTag(listener.session)]);
    server.serializeAttachment(listener);
    const checkedAt = Number(request.headers.get(CHECKED_AT_HEADER));
    if (Number.isFinite(checkedAt) && checkedAt > 0) {
      this.checkedAt.set(listener.session, Math.max(checkedAt, this.checkedAt.get(listener.session) ?? 0));
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Sends a change at once to every recipient checked within LISTENER_CHECK_VALID_MS of `now`
   * (the worker's clock), and answers the recipients it held back (never checked, or too long
   * ago) and those due a fresh check. The worker checks them against the database and calls
   * `settle`, so a busy shop's messages never wait for a query and a quiet shop's first one does.
   */
  async publish(update: LocationUpdate, now: number): Promise<PublishOutcome> {
    const outcome: PublishOutcome = { boards: 0, shoppers: 0, held: [], due: [] };
    const heldSessions = new Set<string>();
    const dueSessions = new Set<string>();
    for (const [socket, message, kind] of this.deliveries(update)) {
      const listener = this.listenerOf(socket);
      const checked = this.checkedAt.get(listener.session);
      if (checked === undefined || now - checked > LISTENER_CHECK_VALID_MS) {
        if (!heldSessions.has(listener.session)) outcome.held.push(listener);
        heldSessions.add(listener.session);
        continue;
      }
      if (now - checked > LISTENER_RECHECK_AFTER_MS && !dueSessions.has(listener.session)) {
        dueSessions.add(listener.session);
        const asked = this.recheckAskedAt.get(listener.session);
        if (asked === undefined || now - asked > LISTENER_CHECK_VALID_MS) {
          this.recheckAskedAt.set(listener.session, now);
          outcome.due.push(listener);
        }
      }
      if (this.send(socket, message)) outcome[kind] += 1;
    }
    return outcome;
  }

  /**
   * The worker's check of `checked` (listeners answered by `publish`), made at `checkedAt`: the
   * sockets of `revokedSessions` close, the others count as checked from then, and the held-back
   * recipients of `update` get it now. Answers how many sockets got it.
   */
  async settle(
    update: LocationUpdate | null,
    checked: Listener[],
    revokedSessions: string[],
    checkedAt: number,
  ): Promise<{ boards: number; shoppers: number }> {
    const revoked = new Set(revokedSessions);
    for (const session of revoked) this.closeSession(session);
    const checkedSessions = new Set(checked.map((listener) => listener.session));
    for (const session of checkedSessions) {
      this.recheckAskedAt.delete(session);
      if (!revoked.has(session)) this.checkedAt.set(session, Math.max(checkedAt, this.checkedAt.get(session) ?? 0));
    }
    const sent = { boards: 0, shoppers: 0 };
    if (!update) return sent;
    for (const [socket, message, kind] of this.deliveries(update)) {
      const { session } = this.listenerOf(socket);
      if (checkedSessions.has(session) && !revoked.has(session) && this.send(socket, message)) sent[kind] += 1;
    }
    return sent;
  }

  /** Closes every socket opened with this session (a sign-out); answers how many were open. */
  async closeSession(session: string): Promise<number> {
    const sockets = this.ctx.getWebSockets(sessionTag(session));
    this.checkedAt.delete(session);
    this.recheckAskedAt.delete(session);
    for (const socket of sockets) {
      try {
        socket.close(SESSION_ENDED_CLOSE_CODE, "Session ended");
      } catch {
        // already closed
      }
    }
    return sockets.length;
  }

  private listenerOf(socket: WebSocket): Listener {
    let listener = this.listeners.get(socket);
    if (!listener) {
      listener = socket.deserializeAttachment() as Listener;
      this.listeners.set(socket, listener);
    }
    return listener;
  }

  /** Each socket the update is for, with the message it gets and the kind of listener it is. */
  private deliveries(update: LocationUpdate): [WebSocket, string, "boards" | "shoppers"][] {
    const boards = update.board === undefined ? [] : this.ctx.getWebSockets(BOARD_TAG);
    const owner = update.shopper ? this.ctx.getWebSockets(shopperTag(update.shopper.userId)) : [];
    return [
      ...boards.map((socket): [WebSocket, string, "boards"] => [socket, update.board!, "boards"]),
      ...owner.map((socket): [WebSocket, string, "shoppers"] => [socket, update.shopper!.message, "shoppers"]),
    ];
  }

  /** How many sockets of each kind are open (for tests and the benchmark's readiness check). */
  async connections(): Promise<{ boards: number; shoppers: number }> {
    const all = this.ctx.getWebSockets();
    const boards = this.ctx.getWebSockets(BOARD_TAG).length;
    return { boards, shoppers: all.length - boards };
  }

  private send(socket: WebSocket, message: string): boolean {
    if (socket.readyState !== WebSocket.OPEN) return false;
    try {
      socket.send(message);
      return true;
    } catch {
      // Closing already; the page reconnects and catches up from the API.
      return false;
    }
  }

  /** The pages send nothing but pings (answered without waking the object); anything else is ignored. */
  override async webSocketMessage(): Promise<void> {}

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    try {
      socket.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // already closed
    }
  }
}
