import { describe, expect, it } from "vitest";
import { api } from "./helpers";
import { uniqueIp } from "./outbox-fakes";
import { createSignedInUser } from "./sign-in";

/** Not phone numbers, in the ways they arrive: letters, look-alike digits, injections, wrong counts. */
export const NOT_PHONES = [
  "abcdefghijkl",
  "call me maybe",
  "phone: 7142154499",
  "714215449O",
  "７１４２１５４４９９",
  "٧١٤٢١٥٤٤٩٩",
  "7142154499 ext 12",
  "7142154499\nBcc: someone@example.com",
  "<b>7142154499</b>",
  "7142154499;",
  "++17142154499",
  "714215+4499",
  "1234567890123456",
  "(((((((((())))))))))",
  "..........----------",
  "714 215 449",
  `+1 ${"7".repeat(30)}`,
];

export const PHONES = [
  "+1 714 215 4499",
  "(714) 215-4499",
  "714.215.4499",
  "7142154499",
  "+44 20 7946 0958",
  "+1-714-215-4499",
];

interface Endpoint {
  name: string;
  field: string;
  send: (phone: string) => Promise<Response>;
  accepted: number;
}

function post(path: string, body: unknown, headers: Record<string, string> = {}, method = "POST") {
  return api(path, {
    method,
    headers: {
      "Content-Type": "application/json",
      Origin: "http://localhost:5173",
      "CF-Connecting-IP": uniqueIp(),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

const contact = (phone: string) => ({ username: "Ana Ruiz", email: "ana@example.com", phone, message: "Hello" });
const partnership = (phones: { currentPhone?: string; interestPhone?: string }) => ({
  name: "Jordan Rivera",
  email: "jordan@example.com",
  ...phones,
});

async function signedIn() {
  return (await createSignedInUser()).cookie;
}

/** Every endpoint that takes a phone, and the field it names. */
const endpoints: Endpoint[] = [
  { name: "POST /api/contact", field: "phone", accepted: 201, send: (phone) => post("/api/contact", contact(phone)) },
  {
    name: "POST /send-email (contact)",
    field: "payload.phone",
    accepted: 201,
    send: (phone) => post("/send-email", { type: "contact", payload: contact(phone) }),
  },
  {
    name: "POST /api/partnership currentPhone",
    field: "currentPhone",
    accepted: 201,
    send: (phone) => post("/api/partnership", partnership({ currentPhone: phone })),
  },
  {
    name: "POST /api/partnership interestPhone",
    field: "interestPhone",
    accepted: 201,
    send: (phone) => post("/api/partnership", partnership({ interestPhone: phone })),
  },
  {
    name: "POST /api/send-email (partnership)",
    field: "payload.interestPhone",
    accepted: 201,
    send: (phone) => post("/api/send-email", { type: "partnership", payload: partnership({ interestPhone: phone }) }),
  },
  {
    name: "POST /api/orders",
    field: "phone",
    accepted: 201,
    send: async (phone) =>
      post(
        "/api/orders",
        { lines: [{ productId: "prd-charcoal-lemonade", size: "default", quantity: 1, note: "" }], phone },
        { Cookie: await signedIn() },
      ),
  },
  {
    name: "PATCH /api/me",
    field: "phone",
    accepted: 200,
    send: async (phone) => post("/api/me", { phone }, { Cookie: await signedIn() }, "PATCH"),
  },
];

describe("one phone rule on every endpoint that takes a phone", () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.name} refuses what is not a phone number, naming ${endpoint.field}`, async () => {
      for (const phone of NOT_PHONES) {
        const response = await endpoint.send(phone);
        expect(response.status, JSON.stringify(phone)).toBe(400);
        const { error } = (await response.json()) as { error: { field: string; message: string } };
        expect(error.field, JSON.stringify(phone)).toBe(endpoint.field);
        expect(error.message).toMatch(/Phone number/);
      }
    });

    it(`${endpoint.name} accepts phone numbers as people write them`, async () => {
      for (const phone of PHONES) {
        const response = await endpoint.send(phone);
        expect(response.status, phone).toBe(endpoint.accepted);
      }
    });
  }

  it("the franchise phones may be left blank; the required ones may not", async () => {
    expect((await post("/api/partnership", partnership({ currentPhone: "", interestPhone: "  " }))).status).toBe(201);
    expect((await post("/api/partnership", partnership({}))).status).toBe(201);
    const blank = await post("/api/contact", contact("   "));
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ error: { field: "phone", message: "phone: Phone number is required" } });
  });

  it("says what is wrong: letters, too few digits, too many", async () => {
    const message = async (phone: string) =>
      ((await (await post("/api/contact", contact(phone))).json()) as { error: { message: string } }).error.message;
    expect(await message("abcdefghijkl")).toBe("phone: Phone number may contain only digits, spaces, +, -, . and ( )");
    expect(await message("714 215 449")).toBe("phone: Phone number must be at least 10 digits");
    expect(await message("1234567890123456")).toBe("phone: Phone number can have at most 15 digits");
  });
});
