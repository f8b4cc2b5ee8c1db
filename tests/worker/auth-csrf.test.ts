import { describe, expect, it } from "vitest";
import { api, json } from "./helpers";
import { createSignedInUser } from "./sign-in";

const JSON_HEADERS = { "Content-Type": "application/json" };

describe("CSRF protection of state-changing API calls", () => {
  it("refuses a cross-origin POST with 403 before it does anything", async () => {
    const { cookie } = await createSignedInUser();
    const response = await api("/api/auth/logout", {
      method: "POST",
      headers: { ...JSON_HEADERS, Cookie: cookie, Origin: "https://evil.example" },
      body: "{}",
    });
    expect(response.status).toBe(403);
    expect(await json(response)).toEqual({
      error: { code: "forbidden", message: "Cross-site requests are not allowed" },
    });
    // The session survived: the forged logout did nothing.
    const me = await json<{ isAuthenticated: boolean }>(await api("/api/me", { headers: { Cookie: cookie } }));
    expect(me.isAuthenticated).toBe(true);
  });

  it("refuses a request the browser marks Sec-Fetch-Site: cross-site, even without Origin", async () => {
    const { cookie } = await createSignedInUser();
    const response = await api("/api/me", {
      method: "PATCH",
      headers: { ...JSON_HEADERS, Cookie: cookie, "Sec-Fetch-Site": "cross-site" },
      body: JSON.stringify({ phone: "+1 714 555 0199" }),
    });
    expect(response.status).toBe(403);
  });

  it("refuses a form-encoded or text POST with 415 (what a cross-site form could send)", async () => {
    const { cookie } = await createSignedInUser();
    for (const contentType of ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x"]) {
      const response = await api("/api/auth/logout", {
        method: "POST",
        headers: { "Content-Type": contentType, Cookie: cookie },
        body: "{}",
      });
      expect(response.status, contentType).toBe(415);
      expect(await json(response)).toEqual({
        error: { code: "unsupported_media_type", message: "Content-Type must be application/json" },
      });
    }
    const withoutType = await api("/api/contact", { method: "POST", body: "{}" });
    expect(withoutType.status).toBe(415);
  });

  it("covers the legacy /send-email endpoint too", async () => {
    const response = await api("/send-email", {
      method: "POST",
      headers: { ...JSON_HEADERS, Origin: "https://evil.example" },
      body: "{}",
    });
    expect(response.status).toBe(403);
  });

  it("lets same-origin JSON through, with or without Origin, and never checks reads", async () => {
    const { cookie } = await createSignedInUser();
    const sameOrigin = await api("/api/auth/logout", {
      method: "POST",
      headers: { ...JSON_HEADERS, Cookie: cookie, Origin: "http://localhost:5173", "Sec-Fetch-Site": "same-origin" },
      body: "{}",
    });
    expect(sameOrigin.status).toBe(204);
    const read = await api("/api/categories", {
      headers: { Origin: "https://elsewhere.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(read.status).toBe(200);
  });

  it("exempts Apple's form_post callback and Stripe's webhook, which are cross-site by design", async () => {
    const apple = await api("/api/auth/apple/callback", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://appleid.apple.com",
        "Sec-Fetch-Site": "cross-site",
      },
      body: "state=x&code=y",
    });
    expect([403, 415]).not.toContain(apple.status);
    const stripe = await api("/api/stripe/webhook", {
      method: "POST",
      headers: { "Content-Type": "text/plain", Origin: "https://stripe.example" },
      body: "{}",
    });
    expect([403, 415]).not.toContain(stripe.status);
  });
});

describe("POST /api/auth/logout", () => {
  it("answers 204, clears the cookie, and the old cookie no longer signs anyone in", async () => {
    const { cookie } = await createSignedInUser();
    const response = await api("/api/auth/logout", {
      method: "POST",
      headers: { ...JSON_HEADERS, Cookie: cookie },
      body: "{}",
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("Set-Cookie")).toMatch(/^squeeze_session=;.*Max-Age=0/);

    // A copy of the old cookie (e.g. kept by an attacker) is worthless: the session is gone server-side.
    const me = await json<{ isAuthenticated: boolean; uid: string }>(
      await api("/api/me", { headers: { Cookie: cookie } }),
    );
    expect(me).toMatchObject({ isAuthenticated: false, uid: "" });
  });

  it("is harmless for a guest", async () => {
    const response = await api("/api/auth/logout", { method: "POST", headers: JSON_HEADERS, body: "{}" });
    expect(response.status).toBe(204);
  });
});
