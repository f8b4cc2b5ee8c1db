import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * The browser's WebSocket, faked at its edge for component tests (jsdom would try a real
 * connection): each socket a page opens is recorded, and a test opens it, sends it messages
 * from "the server" or drops it.
 */
export class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  sent: string[] = [];

  constructor(url: string | URL) {
    super();
    this.url = String(url);
    FakeWebSocket.instances.push(this);
  }

  send(data: string) {
    this.sent.push(data);
  }

  close(code = 1000, reason = "") {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.dispatchEvent(Object.assign(new Event("close"), { code, reason }));
  }

  /** The server accepted the connection. */
  serverOpen() {
    this.readyState = FakeWebSocket.OPEN;
    this.dispatchEvent(new Event("open"));
  }

  /** The server sends a message (an object is sent as JSON). */
  serverSend(data: unknown) {
    this.dispatchEvent(
      Object.assign(new Event("message"), { data: typeof data === "string" ? data : JSON.stringify(data) }),
    );
  }

  /** The connection drops. */
  serverDrop() {
    this.close(1006, "dropped");
  }

  /** The server closes it because its sign-in session ended (signed out, expired, no longer staff). */
  serverEndSession() {
    this.close(4401, "Session ended");
  }

  static latest(path: string): FakeWebSocket | undefined {
    return [...FakeWebSocket.instances]
      .reverse()
      .find((socket) => new URL(socket.url).pathname === path && socket.readyState !== FakeWebSocket.CLOSED);
  }
}

/**
 * Gives a page every chance to open another socket (with fake timers): well past the longest
 * backoff, the network coming back, the tab shown again.
 */
export async function everyChanceToReconnect(): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(60_000);
  });
  act(() => {
    window.dispatchEvent(new Event("online"));
    document.dispatchEvent(new Event("visibilitychange"));
  });
}
