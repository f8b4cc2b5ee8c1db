import "@testing-library/jest-dom/vitest";
import { cleanup, configure, getConfig, prettyDOM } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { FakeWebSocket } from "./fake-websocket";

// findBy… and waitFor give a page up to 5 s (not 1 s) to show what a shopper waits for: on a
// loaded machine rendering alone can take longer than a second, and a slow pass is not a failure.
//
// A findBy… or waitFor runs its query again on every change to the page until it matches, and by
// default every miss prints the whole page into an error that the next try throws away. A miss
// inside a wait (testing-library's own flag for sparing its costly diagnostics there) carries the
// message alone; a query that fails outside a wait, and a wait that gives up, still print the page.
configure({
  asyncUtilTimeout: 5_000,
  getElementError(message, container) {
    const insideAWait = (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })
      ._disableExpensiveErrorDiagnostics;
    const page =
      insideAWait && message ? "" : `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`;
    const error = new Error([message, page].filter(Boolean).join("\n\n"));
    error.name = "TestingLibraryElementError";
    return error;
  },
});

// Pages that follow orders live open WebSockets; here they reach a fake server instead of the network.
beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeWebSocket);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
