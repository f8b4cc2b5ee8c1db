import { expect, test } from "@playwright/test";

// The local servers (`vite dev`, and `vite preview`, which these journeys use) hand each
// request to the worker as a Fetch Request, which cannot carry the methods the Fetch API
// forbids: those are answered before the worker, never with the server's error page.
for (const path of ["/", "/menu", "/api/store", "/api/staff/orders", "/no-such-page"]) {
  test(`TRACE ${path} is refused with 501 and a JSON error, without a stack trace`, async ({ request }) => {
    const response = await request.fetch(path, { method: "TRACE" });
    expect(response.status()).toBe(501);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: "method_not_implemented", message: "TRACE is not served by this app" },
    });
    expect(text).not.toMatch(/node_modules|at \w+ \(|stack/i);
  });
}

test("a method the worker serves still reaches it next to the refused ones", async ({ request }) => {
  const [refused, served] = await Promise.all([
    request.fetch("/api/store", { method: "TRACE" }),
    request.get("/api/store"),
  ]);
  expect(refused.status()).toBe(501);
  expect(served.status()).toBe(200);
});
