import { expect } from "vitest";
import { api } from "./helpers";

export const ORIGIN = "http://localhost:5173";

/** A WebSocket handshake to the worker as a page of the shop would make it. */
export function upgrade(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return api(path, { headers: { Upgrade: "websocket", Origin: ORIGIN, ...headers } });
}

export interface OpenSocket {
  socket: WebSocket;
  messages: unknown[];
  /** Waits for a message matching `predicate` (already received ones count). */
  next<T = unknown>(predicate: (message: T) => boolean, timeoutMs?: number): Promise<T>;
  /** Resolves after `ms` with the messages received in that time. */
  quietFor(ms: number): Promise<unknown[]>;
  close(): void;
}

/** Opens a live channel with the given session cookie and collects what it hears. */
export async function openSocket(path: string, cookie: string): Promise<OpenSocket> {
  const response = await upgrade(path, { Cookie: cookie });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  socket.accept();
  const messages: unknown[] = [];
  const waiters = new Set<() => void>();
  socket.addEventListener("message", (event) => {
    messages.push(typeof event.data === "string" && event.data !== "pong" ? JSON.parse(event.data) : event.data);
    waiters.forEach((wake) => wake());
  });
  return {
    socket,
    messages,
    next<T>(predicate: (message: T) => boolean, timeoutMs = 3000) {
      return new Promise<T>((resolve, reject) => {
        const check = () => {
          const found = messages.find((message) => predicate(message as T));
          if (found === undefined) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found as T);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async quietFor(ms: number) {
      const before = messages.length;
      await new Promise((resolve) => setTimeout(resolve, ms));
      return messages.slice(before);
    },
    close() {
      try {
        socket.close(1000, "done");
      } catch {
        // already closed
      }
    },
  };
}
