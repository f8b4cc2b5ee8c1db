/** What TypeScript callers use of forwarding-proxy.mjs (see there). */
import type { IncomingMessage, ServerResponse } from "node:http";
export function startForwardingProxy(
  upstream: string,
  respond: (incoming: IncomingMessage, answer: IncomingMessage, outgoing: ServerResponse) => void,
  port?: number,
): Promise<{ origin: string; baseUrl: string; close(): Promise<void> }>;
