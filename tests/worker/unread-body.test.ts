import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "#worker/app";

/** A body sent in pieces that says how much of it the worker read. */
function countedBody(pieces = 8, bytes = 16 * 1024) {
  const read = { pieces: 0, ended: false };
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === pieces) {
        read.ended = true;
        controller.close();
        return;
      }
      sent += 1;
      read.pieces = sent;
      controller.enqueue(new Uint8Array(bytes).fill(120));
    },
  });
  return { body, read };
}

const REFUSED: { name: string; path: string; status: number; headers: Record<string, string> }[] = [
  { name: "a guest on the staff's API", path: "/api/staff/availability/pause", status: 401, headers: {} },
  { name: "a cross-site post", path: "/api/contact", status: 403, headers: { Origin: "https://elsewhere.example" } },
  { name: "an unknown API address", path: "/api/no-such-thing", status: 404, headers: {} },
  { name: "a post to a page", path: "/menu", status: 405, headers: {} },
  { name: "a body that is not JSON", path: "/api/contact", status: 415, headers: { "Content-Type": "text/plain" } },
];

async function post(path: string, headers: Record<string, string>, bindings: typeof env) {
  const { body, read } = countedBody();
  const response = await app.request(
    path,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body,
      duplex: "half",
    } as RequestInit,
    bindings,
  );
  return { response, read };
}

describe("a refused request's body on the local servers", () => {
  it.each(REFUSED)("is read to its end before $name is answered $status", async ({ path, status, headers }) => {
    const { response, read } = await post(path, headers, { ...env, APP_ENV: "development" });
    expect(response.status).toBe(status);
    expect(read.ended).toBe(true);
  });

  it("is left unread at the edge, where nothing needs it", async () => {
    const { response, read } = await post("/api/no-such-thing", {}, { ...env, APP_ENV: undefined });
    expect(response.status).toBe(404);
    expect(read.ended).toBe(false);
  });
});
