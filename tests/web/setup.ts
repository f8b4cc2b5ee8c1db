import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { FakeWebSocket } from "./fake-websocket";

// findBy… and waitFor give a page up to 5 s (not 1 s) to show what a shopper waits for: on a
// loaded machine rendering alone can take longer than a second, and a slow pass is not a failure.
configure({ asyncUtilTimeout: 5_000 });

// Pages that follow orders live open WebSockets; here they reach a fake server instead of the network.
beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeWebSocket);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
