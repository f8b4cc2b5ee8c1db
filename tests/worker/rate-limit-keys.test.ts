import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "#worker/env";
import { rateLimitKey } from "#worker/lib/rate-limit";
import { api, startOfRateLimitWindow } from "./helpers";
import { uniqueIp } from "./outbox-fakes";
import { createSignedInUser } from "./sign-in";

// The forms' limit (wrangler.toml FORMS_RATE_LIMITER): 5 a minute per client.
const FORMS_LIMIT = 5;

function contact(headers: Record<string, string>) {
  return api("/api/contact", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "http://localhost:5173", ...headers },
    body: JSON.stringify({
      username: "Rate Tester",
      email: `rate-${crypto.randomUUID()}@example.com`,
      phone: "+1 714 555 0100",
      message: "Do you deliver?",
    }),
  });
}

/** Every header a client might send to look like someone else, each spelled several ways. */
function disguise(index: number): Record<string, string> {
  const address = uniqueIp();
  const spellings: Array<Record<string, string>> = [
    { "CF-Connecting-IP": address },
    { "cf-connecting-ip": address, "X-Forwarded-For": `${uniqueIp()}, ${uniqueIp()}` },
    { "X-Forwarded-For": address },
    { "X-Real-IP": address, "CF-Connecting-IP": uniqueIp() },
    { "True-Client-IP": address, "CF-Connecting-IPv6": "2001:db8::1" },
    { Forwarded: `for=${address}`, "CF-Connecting-IP": `${uniqueIp()}` },
  ];
  return spellings[index % spellings.length]!;
}

describe("limits key a signed-in caller on the user, never on headers the client sends", () => {
  it("a signed-in person who changes address on every request is still limited", async () => {
    await startOfRateLimitWindow();
    const { cookie } = await createSignedInUser();
    const statuses: number[] = [];
    for (let index = 0; index < FORMS_LIMIT + 3; index += 1) {
      statuses.push((await contact({ Cookie: cookie, ...disguise(index) })).status);
    }
    expect(statuses).toEqual([...Array(FORMS_LIMIT).fill(201), 429, 429, 429]);
  });

  it("two people signed in from one address each have their own budget", async () => {
    await startOfRateLimitWindow();
    const address = uniqueIp();
    const alice = await createSignedInUser();
    const bob = await createSignedInUser();
    for (let index = 0; index < FORMS_LIMIT; index += 1) {
      expect((await contact({ Cookie: alice.cookie, "CF-Connecting-IP": address })).status).toBe(201);
    }
    expect((await contact({ Cookie: alice.cookie, "CF-Connecting-IP": address })).status).toBe(429);
    expect((await contact({ Cookie: bob.cookie, "CF-Connecting-IP": address })).status).toBe(201);
  });

  it("a guest is keyed on CF-Connecting-IP alone: X-Forwarded-For, X-Real-IP, True-Client-IP and Forwarded change nothing", async () => {
    await startOfRateLimitWindow();
    const address = uniqueIp();
    const statuses: number[] = [];
    for (let index = 0; index < FORMS_LIMIT + 4; index += 1) {
      const forged = uniqueIp();
      const headers: Record<string, string> = [
        { "X-Forwarded-For": forged },
        { "X-Real-IP": forged },
        { "True-Client-IP": forged },
        { Forwarded: `for=${forged}` },
      ][index % 4] as Record<string, string>;
      statuses.push((await contact({ ...headers, "CF-Connecting-IP": address })).status);
    }
    expect(statuses).toEqual([...Array(FORMS_LIMIT).fill(201), 429, 429, 429, 429]);
  });

  it("signing in does not spend the guest budget of the address, nor the reverse", async () => {
    await startOfRateLimitWindow();
    const address = uniqueIp();
    for (let index = 0; index < FORMS_LIMIT; index += 1) {
      expect((await contact({ "CF-Connecting-IP": address })).status).toBe(201);
    }
    expect((await contact({ "CF-Connecting-IP": address })).status).toBe(429);
    const { cookie } = await createSignedInUser();
    expect((await contact({ Cookie: cookie, "CF-Connecting-IP": address })).status).toBe(201);
  });
});

describe("the key itself", () => {
  const keys = new Hono<AppEnv>()
    .use(async (c, next) => {
      const user = c.req.header("X-Test-User");
      if (user) c.set("userId", user);
      await next();
    })
    .get("/", (c) => c.text(rateLimitKey(c)));
  const keyFor = async (headers: Record<string, string>) => (await keys.request("/", { headers })).text();

  it("without CF-Connecting-IP (not behind Cloudflare) a guest's own headers are ignored: one shared key", async () => {
    const seen = new Set<string>();
    for (const header of [
      "X-Forwarded-For",
      "x-forwarded-for",
      "X-Real-IP",
      "True-Client-IP",
      "Forwarded",
      "CF-Connecting-IPv6",
    ]) {
      for (let index = 0; index < 3; index += 1) seen.add(await keyFor({ [header]: uniqueIp() }));
    }
    seen.add(await keyFor({ "CF-Connecting-IP": "" }));
    expect([...seen]).toEqual(["ip:unknown"]);
    expect(await keyFor({ "X-Forwarded-For": "203.0.113.9" })).toBe("ip:unknown");
  });

  it("a signed-in caller's key is the user whatever address headers come with it", async () => {
    for (let index = 0; index < 6; index += 1) {
      expect(await keyFor({ "X-Test-User": "user-123", ...disguise(index) })).toBe("user:user-123");
    }
  });
});
