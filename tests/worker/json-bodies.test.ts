import { describe, expect, it } from "vitest";
import { app } from "#worker/app";
import { DEFAULT_JSON_BODY_LIMIT_BYTES } from "#worker/lib/json-body";
import { ORDER_BODY_LIMIT_BYTES } from "#worker/routes/orders";
import { api } from "./helpers";
import { createBarista, createSignedInUser } from "./sign-in";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Every state-changing route the worker has, found from the app itself (so a new one is covered). */
const endpoints = [
  ...new Set(
    app.routes
      .filter((route) => STATE_CHANGING.has(route.method))
      .map((route) => `${route.method} ${route.path.replace(":provider", "google")}`),
  ),
];

/** Routes that take no JSON: what they read instead, and why the JSON rules do not apply. */
const NOT_JSON: Record<string, string> = {
  "POST /api/auth/logout": "reads no body",
  "POST /api/stripe/webhook": "raw bytes checked against Stripe's signature",
  "POST /api/auth/apple/callback": "Apple's form_post",
  "POST /api/auth/google/dev-consent": "the local stand-in's HTML form",
  // Printers, not browsers: their credentials are checked (after the body's size) before the body
  // is read, and the status JSON's own refusals are tests/worker/cloudprnt.test.ts's.
  "POST /printers/cloudprnt": "a printer's CloudPRNT poll, behind its HTTP Basic credentials",
  "DELETE /printers/cloudprnt": "a CloudPRNT confirmation: its query, no body",
};
const jsonEndpoints = endpoints.filter((endpoint) => !(endpoint in NOT_JSON));

let ipCounter = 0;
async function send(endpoint: string, body: BodyInit, headers: Record<string, string> = {}) {
  const [method, path] = endpoint.split(" ") as [string, string];
  // The staff API answers a shopper 403 before it reads anything: its bodies are sent by staff.
  const { cookie } = path.startsWith("/api/staff/") ? await createBarista() : await createSignedInUser();
  ipCounter += 1;
  return api(path, {
    method,
    headers: {
      "Content-Type": "application/json",
      Origin: "http://localhost:5173",
      Cookie: cookie,
      "CF-Connecting-IP": `198.18.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
      ...headers,
    },
    body,
    // A streamed body has no Content-Length: the limit must hold while reading too.
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += 4096)
        controller.enqueue(bytes.slice(offset, offset + 4096));
      controller.close();
    },
  });
}

/** Valid JSON of `bytes` bytes: only its size is wrong. */
const jsonOfSize = (bytes: number) => `{"padding":"${"a".repeat(bytes - 14)}"}`;

describe("one body reader for every JSON endpoint", () => {
  it("finds the state-changing endpoints, JSON and not", () => {
    expect(jsonEndpoints).toEqual(
      expect.arrayContaining([
        "POST /api/orders",
        "PATCH /api/me",
        "POST /api/contact",
        "POST /api/partnership",
        "POST /api/send-email",
        "POST /send-email",
      ]),
    );
    for (const endpoint of Object.keys(NOT_JSON)) expect(endpoints).toContain(endpoint);
  });

  const malformed: Array<[string, string]> = [
    ["an unclosed object", "{"],
    ["plain text", "not json"],
    ["a missing value", '{"phone": }'],
    ["single quotes", "{'phone': '7142154499'}"],
    ["a trailing comma", '{"phone":"7142154499",}'],
    ["an empty body", ""],
    ["NaN", '{"quantity": NaN}'],
    ["two documents", '{"a":1}{"b":2}'],
  ];
  for (const [spelling, body] of malformed) {
    it(`answers ${spelling} with the same 400 invalid_json on every JSON endpoint`, async () => {
      for (const endpoint of jsonEndpoints) {
        const response = await send(endpoint, body);
        expect(response.status, endpoint).toBe(400);
        expect(await response.json(), endpoint).toEqual({
          error: { code: "invalid_json", message: "The request body is not valid JSON." },
        });
      }
    });
  }

  it("refuses one byte over the largest JSON limit (an order's) with 413 on every JSON endpoint", async () => {
    for (const endpoint of jsonEndpoints) {
      const response = await send(endpoint, jsonOfSize(ORDER_BODY_LIMIT_BYTES + 1));
      expect(response.status, endpoint).toBe(413);
    }
  });

  // Twenty times the largest limit: what a careless or hostile client sends.
  const oversized: Array<[string, () => BodyInit]> = [
    ["1 MB", () => jsonOfSize(1024 * 1024)],
    ["1 MB streamed without Content-Length", () => streamOf(jsonOfSize(1024 * 1024))],
    ["1 MB of malformed JSON", () => "{".repeat(1024 * 1024)],
  ];
  for (const [size, body] of oversized) {
    it(`refuses a body of ${size} with 413 on every endpoint that reads one`, async () => {
      for (const endpoint of endpoints.filter((endpoint) => endpoint !== "POST /api/auth/logout")) {
        const response = await send(endpoint, body());
        expect(response.status, endpoint).toBe(413);
        expect(await response.json(), endpoint).toMatchObject({ error: { code: "payload_too_large" } });
      }
    });
  }

  it("PATCH /api/me refuses just over its limit and accepts a body just under it", async () => {
    const over = await send("PATCH /api/me", jsonOfSize(DEFAULT_JSON_BODY_LIMIT_BYTES + 1));
    expect(over.status).toBe(413);
    const padded = `{"phone":"7142154499"${" ".repeat(DEFAULT_JSON_BODY_LIMIT_BYTES - 30)}}`;
    const under = await send("PATCH /api/me", padded);
    expect(under.status).toBe(200);
  });

  it("an order's body may be larger (30 lines with notes), up to its own limit only", async () => {
    const response = await send("POST /api/orders", jsonOfSize(ORDER_BODY_LIMIT_BYTES + 1));
    expect(response.status).toBe(413);
  });
});
