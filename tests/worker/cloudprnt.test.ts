import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatTimeIn } from "#common/hours/format";
import { orderNumber } from "#common/orders";
import { printJobs } from "#worker/db/schema";
import { deleteOldPrintJobs } from "#worker/services/printing/retention";
import { decodePlainText, decodeStarCommands, type PrintedLine } from "#scripts/lib/star-commands.mjs";
import { api, json, startOfRateLimitWindow } from "./helpers";
import {
  addPrinter,
  confirmJob,
  db,
  fetchJob,
  jobsOf,
  poll,
  printerRow,
  removePrinters,
  SERVER_PATH,
  type TestPrinter,
} from "./printer-fixtures";
import { createBarista, createSignedInUser, createStaffOfAnotherLocation } from "./sign-in";
import { placeOrder, postStatus } from "./staff-fixtures";
import { ANAHEIM, jsonPost, PHONE, pickupDays, resetShop, useShopClock } from "./store-helpers";

const STARPRNT = "application/vnd.star.starprnt";
const STAR_LINE = "application/vnd.star.line";

interface PollAnswer {
  jobReady: boolean;
  mediaTypes?: string[];
  jobToken?: string;
  deleteMethod?: string;
}

async function pollAnswer(printer: TestPrinter, status?: unknown): Promise<PollAnswer> {
  const response = await poll(printer, status);
  expect(response.status).toBe(200);
  return json<PollAnswer>(response);
}

const texts = (page: PrintedLine[]) => page.map((line) => line.text.trim());

/** Fetches the offered job as StarPRNT and reads its pages back the way the printer would print them. */
async function printOffered(
  printer: TestPrinter,
  type = STARPRNT,
): Promise<{ token: string; pages: string[][]; bigLines: string[][] }> {
  const answer = await pollAnswer(printer);
  expect(answer.jobReady).toBe(true);
  const response = await fetchJob(printer, type, answer.jobToken);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe(type);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const pages = type === "text/plain" ? decodePlainText(new TextDecoder().decode(bytes)) : decodeStarCommands(bytes);
  return {
    token: answer.jobToken!,
    pages: pages.map(texts),
    bigLines: pages.map((page) => texts(page.filter((line) => line.big))),
  };
}

let tickets: TestPrinter;

beforeEach(async () => {
  await removePrinters();
  tickets = await addPrinter(ANAHEIM, "tickets", "Counter");
});

afterEach(() => resetShop());

describe("the CloudPRNT server, as a printer drives it", () => {
  it("answers 404 for the MQTT settings file, so the printer stays on HTTP", async () => {
    const response = await api("/printers/cloudprnt-setting.json", {
      headers: { Authorization: tickets.authorization },
    });
    expect(response.status).toBe(404);
  });

  it("prints an order's ticket in StarPRNT, confirmed 200 OK, then has nothing more", async () => {
    expect(await pollAnswer(tickets)).toEqual({ jobReady: false });
    const { orderId } = await placeOrder(await createSignedInUser({ username: "Grace Hopper" }));
    const answer = await pollAnswer(tickets);
    expect(answer).toMatchObject({
      jobReady: true,
      mediaTypes: [STARPRNT, STAR_LINE, "text/plain"],
      deleteMethod: "DELETE",
    });
    const { token, pages, bigLines } = await printOffered(tickets);
    expect(pages).toHaveLength(1);
    // Read from across the counter: the number and the name, twice as wide and tall.
    expect(bigLines).toEqual([[orderNumber(orderId), "Grace"]]);
    expect(pages[0]).toEqual([
      "Squeeze Anaheim",
      orderNumber(orderId),
      "Grace",
      expect.stringMatching(/^Pickup ASAP, about \d{1,2}:\d{2} (AM|PM)$/),
      "",
      "2 x Sunrise Orange (Medium)",
      "Note: Less ice",
      "1 x Ginger Fire Shot",
      "",
      "3 drinks",
    ]);
    // Nothing else is offered while the ticket is on its way.
    expect(await pollAnswer(tickets)).toEqual({ jobReady: false });
    const confirmed = await confirmJob(tickets, "200 OK", token);
    expect(confirmed.status).toBe(200);
    const [ticket] = await jobsOf(orderId);
    expect(ticket).toMatchObject({ kind: "ticket", state: "printed", lastCode: "200 OK" });
    expect(await pollAnswer(tickets)).toEqual({ jobReady: false });
  });

  it("prints one label per drink on the first label printer to poll, in Star Line and as text", async () => {
    const labels = await addPrinter(ANAHEIM, "labels", "Cups");
    const spare = await addPrinter(ANAHEIM, "labels", "Spare cups");
    const { orderId } = await placeOrder(await createSignedInUser({ username: "Ada Lovelace" }));
    const number = orderNumber(orderId);
    const { token, pages } = await printOffered(labels, STAR_LINE);
    expect(pages.map((page) => page.slice(0, 3))).toEqual([
      [`1 of 3   ${number}`, "Sunrise Orange", "Medium"],
      [`2 of 3   ${number}`, "Sunrise Orange", "Medium"],
      [`3 of 3   ${number}`, "Ginger Fire Shot", expect.stringMatching(/^Ada - Pickup ASAP, about /)],
    ]);
    expect(pages[0]).toContain("Note: Less ice");
    // Labels print once: the other label printer is offered nothing.
    expect(await pollAnswer(spare)).toEqual({ jobReady: false });
    await confirmJob(labels, "200 OK", token);
    // The ticket printer prints the ticket, as plain text when asked so.
    const ticket = await printOffered(tickets, "text/plain");
    expect(ticket.pages[0]).toContain("2 x Sunrise Orange (Medium)");
    expect((await jobsOf(orderId)).map((job) => job.kind).sort()).toEqual(["labels", "ticket"]);
  });

  it("prints no labels at a shop without a label printer", async () => {
    const { orderId } = await placeOrder();
    expect((await jobsOf(orderId)).map((job) => job.kind)).toEqual(["ticket"]);
  });

  it("offers a job again after a 520, and gives it up after three failures", async () => {
    const { orderId } = await placeOrder();
    for (let attempt = 1; attempt <= 3; attempt++) {
      const { token } = await printOffered(tickets);
      expect((await confirmJob(tickets, "520 Print failed", token)).status).toBe(200);
    }
    const [job] = await jobsOf(orderId);
    expect(job).toMatchObject({ state: "failed", failures: 3, lastCode: "520 Print failed" });
    expect(await pollAnswer(tickets)).toEqual({ jobReady: false });
  });

  it("takes a confirmation by GET, and one without a token from older firmware", async () => {
    const first = await placeOrder();
    await printOffered(tickets);
    expect((await confirmJob(tickets, "200%20OK", undefined, "GET")).status).toBe(200);
    expect((await jobsOf(first.orderId))[0]!.state).toBe("printed");
    const second = await placeOrder();
    const response = await fetchJob(tickets, STARPRNT);
    expect(response.status).toBe(200);
    expect((await confirmJob(tickets, "200 OK")).status).toBe(200);
    expect((await jobsOf(second.orderId))[0]!.state).toBe("printed");
  });

  it("offers a job whose confirmation was lost again after a minute, not before", async () => {
    const clock = useShopClock(new Date());
    const { orderId } = await placeOrder();
    const { token } = await printOffered(tickets);
    // The printer printed it, and its DELETE never arrived.
    clock.advance(30_000);
    expect(await pollAnswer(tickets)).toEqual({ jobReady: false });
    clock.advance(31_000);
    const again = await pollAnswer(tickets);
    expect(again).toMatchObject({ jobReady: true, jobToken: token });
    const reprinted = await printOffered(tickets);
    expect(reprinted.pages[0]).toContain(orderNumber(orderId));
    await confirmJob(tickets, "200 OK", token);
    expect((await jobsOf(orderId))[0]!.state).toBe("printed");
  });

  it("refuses wrong credentials in every spelling with 401 and Basic, and counts them", async () => {
    const other = await addPrinter(ANAHEIM, "labels");
    const attempts: (string | undefined)[] = [
      undefined,
      `Basic ${btoa(`${tickets.id}:wrong`)}`,
      `Basic ${btoa(`${tickets.id}:${other.password}`)}`,
      `Basic ${btoa(`prn-nobody:${tickets.password}`)}`,
      `Basic ${btoa(`${tickets.id}:`)}`,
      `Basic ${btoa(tickets.password)}`,
      "Basic !!!not-base64",
      `Bearer ${tickets.password}`,
      `basic  ${btoa(`${tickets.id}:${tickets.password.toUpperCase()}`)}`,
    ];
    await startOfRateLimitWindow(5_000);
    for (const authorization of attempts) {
      const response = await api(SERVER_PATH, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "CF-Connecting-IP": "203.0.113.7",
          ...(authorization ? { Authorization: authorization } : {}),
        },
        body: JSON.stringify({ statusCode: "200 OK" }),
      });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toMatch(/^Basic /);
    }
    expect((await printerRow(tickets.id)).lastPollAt).toBeNull();
    // Ten wrong secrets a minute from one client; the eleventh and after are refused without a look.
    const limited = await api(`${SERVER_PATH}?type=text/plain`, {
      headers: { "CF-Connecting-IP": "203.0.113.7", Authorization: `Basic ${btoa(`${tickets.id}:x`)}` },
    });
    const last = await api(`${SERVER_PATH}?type=text/plain`, {
      headers: { "CF-Connecting-IP": "203.0.113.7", Authorization: `Basic ${btoa(`${tickets.id}:y`)}` },
    });
    expect(limited.status).toBe(401);
    expect(last.status).toBe(429);
    // The right secret from that client still prints.
    expect((await poll(tickets)).status).toBe(200);
  });

  it("shows a printer only its own shop's jobs", async () => {
    const elsewhere = await createStaffOfAnotherLocation();
    const theirs = await addPrinter(elsewhere.locationId, "tickets");
    await placeOrder();
    expect(await pollAnswer(theirs)).toEqual({ jobReady: false });
    const offered = await pollAnswer(tickets);
    // Naming another shop's job by its token gets nothing, and confirming it changes nothing.
    expect((await fetchJob(theirs, STARPRNT, offered.jobToken)).status).toBe(404);
    expect((await confirmJob(theirs, "200 OK", offered.jobToken)).status).toBe(404);
    const [job] = await db.select().from(printJobs).where(eq(printJobs.id, offered.jobToken!));
    expect(job!.state).toBe("queued");
  });

  it("refuses malformed status JSON with a 400, never a 500", async () => {
    for (const body of ["{not json", "[]", "null", JSON.stringify({ statusCode: 200 }), JSON.stringify({})]) {
      const response = await poll(tickets, body);
      expect(response.status, body).toBe(400);
    }
    const huge = await poll(tickets, JSON.stringify({ statusCode: "200 OK", status: "x".repeat(64 * 1024) }));
    expect(huge.status).toBe(413);
    const missing = await json<{ error: { field?: string } }>(await poll(tickets, JSON.stringify({ status: "x" })));
    expect(missing.error.field).toBe("statusCode");
    expect((await fetchJob(tickets, "image/png")).status).toBe(415);
  });

  it("keeps the printer's status: written when it changes, not on every poll", async () => {
    const clock = useShopClock(new Date());
    await pollAnswer(tickets, { statusCode: "200%20OK", printerMAC: "00:11:62:00:00:01" });
    const first = await printerRow(tickets.id);
    expect(first).toMatchObject({ condition: "ok", statusCode: "200 OK", printWidthMm: 72 });
    clock.advance(3_000);
    await pollAnswer(tickets, { statusCode: "200%20OK" });
    expect((await printerRow(tickets.id)).lastPollAt).toBe(first.lastPollAt);
    clock.advance(2_000);
    await pollAnswer(tickets, { statusCode: "410 Paper Empty" });
    expect(await printerRow(tickets.id)).toMatchObject({ condition: "paper_out", statusCode: "410 Paper Empty" });
    await pollAnswer(tickets, { statusCode: "420 Cover Open" });
    expect((await printerRow(tickets.id)).condition).toBe("cover_open");
  });

  it("writes an order ahead's ticket and labels at the first poll after its preparation starts, once", async () => {
    const clock = useShopClock(new Date("2026-03-10T19:00:00.000Z")); // Tuesday noon in Anaheim
    const labels = await addPrinter(ANAHEIM, "labels");
    const shopper = await createSignedInUser({ username: "Grace Hopper" });
    const slot = (await pickupDays())[0]!.slots.find((one) => one.startsAt >= "2026-03-10T19:30:00.000Z")!;
    // Two juices take 6 minutes: the counter starts 6 minutes before the pickup time.
    const prepStart = Date.parse(slot.startsAt) - 6 * 60_000;
    const response = await jsonPost("/api/orders", shopper.cookie, {
      phone: PHONE,
      lines: [{ productId: "prd-sunrise-orange", size: "medium", quantity: 2, note: "" }],
      pickup: { mode: "slot", startsAt: slot.startsAt },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { order } = await json<{ order: { id: string } }>(response);
    expect(await jobsOf(order.id)).toEqual([]);
    expect(await pollAnswer(tickets)).toEqual({ jobReady: false });
    clock.advance(prepStart - 60_000 - clock.now().getTime());
    expect(await pollAnswer(tickets)).toEqual({ jobReady: false });
    clock.advance(60_000);
    const { pages } = await printOffered(tickets);
    expect(pages[0]).toContain(`Pickup ${formatTimeIn(new Date(slot.startsAt), "America/Los_Angeles")}`);
    await pollAnswer(labels);
    await pollAnswer(tickets);
    const jobs = await jobsOf(order.id);
    expect(jobs.map((job) => job.kind).sort()).toEqual(["labels", "ticket"]);
    const label = await printOffered(labels);
    expect(label.pages.map((page) => page[0])).toEqual([
      `1 of 2   ${orderNumber(order.id)}`,
      `2 of 2   ${orderNumber(order.id)}`,
    ]);
  });

  it("prints a CANCELLED slip for a cancelled order whose ticket printed, and none for one whose did not", async () => {
    const barista = await createBarista();
    const printed = await placeOrder(await createSignedInUser({ username: "Grace Hopper" }));
    const { token } = await printOffered(tickets);
    await confirmJob(tickets, "200 OK", token);
    const unprinted = await placeOrder();
    for (const orderId of [printed.orderId, unprinted.orderId]) {
      const response = await postStatus(barista.cookie, orderId, { status: "cancelled", reason: "Out of oranges" });
      expect(response.status).toBe(200);
    }
    expect((await jobsOf(unprinted.orderId)).map((job) => job.kind)).toEqual(["ticket"]);
    // The unprinted order's ticket comes first; then the slip.
    const next = await printOffered(tickets);
    await confirmJob(tickets, "200 OK", next.token);
    const slip = await printOffered(tickets);
    expect(slip.pages[0]).toEqual(["CANCELLED", orderNumber(printed.orderId), "Grace", "Do not make this order."]);
  });

  it("keeps printed jobs for seven days, and one still waiting for as long as it waits", async () => {
    const { orderId } = await placeOrder();
    const { token } = await printOffered(tickets);
    await confirmJob(tickets, "200 OK", token);
    const waiting = await placeOrder();
    const sixDays = new Date(Date.now() + 6 * 24 * 60 * 60_000);
    expect(await deleteOldPrintJobs(env, sixDays)).toBe(0);
    const eightDays = new Date(Date.now() + 8 * 24 * 60 * 60_000);
    expect(await deleteOldPrintJobs(env, eightDays)).toBe(1);
    expect(await jobsOf(orderId)).toEqual([]);
    expect(await jobsOf(waiting.orderId)).toHaveLength(1);
  });
});
