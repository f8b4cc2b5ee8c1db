import { describe, expect, it } from "vitest";
import { api, json } from "./helpers";
import { createSignedInUser } from "./sign-in";

function patchMe(body: unknown, cookie?: string) {
  return api("/api/me", {
    method: "PATCH",
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

describe("PATCH /api/me", () => {
  it("saves the phone and answers the updated session user", async () => {
    const { userId, cookie } = await createSignedInUser({ username: "Lena Ortiz", email: "lena@example.com" });
    const response = await patchMe({ phone: " +1 (714) 215-4499 " }, cookie);
    expect(response.status).toBe(200);
    const updated = {
      uid: userId,
      username: "Lena Ortiz",
      email: "lena@example.com",
      phone: "+1 (714) 215-4499",
      isAuthenticated: true,
      staff: null,
      shopId: null,
    };
    expect(await json(response)).toEqual(updated);
    expect(await json(await api("/api/me", { headers: { Cookie: cookie } }))).toEqual(updated);
  });

  it.each([
    ["too few digits", "555-0100"],
    ["letters", "call me maybe"],
    ["too long", "+1 714 215 4499 000 000 0"],
    ["empty", ""],
  ])("refuses a phone with %s, naming the field", async (_label, phone) => {
    const { cookie } = await createSignedInUser();
    const response = await patchMe({ phone }, cookie);
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ error: { code: "invalid_input", field: "phone" } });
  });

  it("refuses other fields: the name and e-mail come from the provider", async () => {
    const { cookie } = await createSignedInUser();
    const response = await patchMe({ phone: "7142154499", email: "new@example.com" }, cookie);
    expect(response.status).toBe(400);
  });

  it("asks a guest to sign in", async () => {
    const response = await patchMe({ phone: "7142154499" });
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ error: { code: "unauthorized", message: "Sign in to continue" } });
  });
});
