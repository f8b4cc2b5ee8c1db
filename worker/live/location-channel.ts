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
  /** The message for every open board of the location (a serialised BoardOrderMessage). */
  board: string;
  /** The message for the order's owner only (a serialised ShopperOrderMessage); none for a board-only message. */
  shopper?: { userId: string; message: string };
}

/**
 * The live channel of one location (one object per location, named by its id): every open
 * order board of the shop and every shopper's order page listening for their own orders.
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
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Who would receive this update: the listeners of the boards and of the order's owner. */
  async audience(update: LocationUpdate): Promise<Listener[]> {
    return this.recipients(update).map((socket) => socket.deserializeAttachment() as Listener);
  }

  /**
   * Sends a change to every board and to the order's owner; answers how many sockets got it.
   * The sockets of `revokedSessions` (signed out, expired, or no longer staff, as the worker
   * found just before) are closed instead and get nothing.
   */
  async publish(update: LocationUpdate, revokedSessions: string[] = []): Promise<{ boards: number; shoppers: number }> {
    for (const session of revokedSessions) this.closeSession(session);
    const boards = this.sendAll(this.ctx.getWebSockets(BOARD_TAG), update.board);
    const shoppers = update.shopper
      ? this.sendAll(this.ctx.getWebSockets(shopperTag(update.shopper.userId)), update.shopper.message)
      : 0;
    return { boards, shoppers };
  }

  /** Closes every socket opened with this session (a sign-out); answers how many were open. */
  async closeSession(session: string): Promise<number> {
    const sockets = this.ctx.getWebSockets(sessionTag(session));
    for (const socket of sockets) {
      try {
        socket.close(SESSION_ENDED_CLOSE_CODE, "Session ended");
      } catch {
        // already closed
      }
    }
    return sockets.length;
  }

  private recipients(update: LocationUpdate): WebSocket[] {
    const owner = update.shopper ? this.ctx.getWebSockets(shopperTag(update.shopper.userId)) : [];
    return [...this.ctx.getWebSockets(BOARD_TAG), ...owner];
  }

  /** How many sockets of each kind are open (for tests and the benchmark's readiness check). */
  async connections(): Promise<{ boards: number; shoppers: number }> {
    const all = this.ctx.getWebSockets();
    const boards = this.ctx.getWebSockets(BOARD_TAG).length;
    return { boards, shoppers: all.length - boards };
  }

  private sendAll(sockets: WebSocket[], message: string): number {
    let sent = 0;
    for (const socket of sockets) {
      if (socket.readyState !== WebSocket.OPEN) continue;
      try {
        socket.send(message);
        sent += 1;
      } catch {
        // Closing already; the page reconnects and catches up from the API.
      }
    }
    return sent;
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
