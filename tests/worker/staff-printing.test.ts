import { beforeEach, describe, expect, it } from "vitest";
import { printAgainPath, STAFF_PRINTING_PATH } from "#common/forms/print-again";
import type { StaffPrinting } from "#common/printing";
import { api, json } from "./helpers";
import { addPrinter, confirmJob, fetchJob, jobsOf, poll, removePrinters, type TestPrinter } from "./printer-fixtures";
import { createBarista, createSignedInUser, createStaffOfAnotherLocation } from "./sign-in";
import { placeOrder } from "./staff-fixtures";
import { ANAHEIM, jsonPost } from "./store-helpers";

async function printing(cookie: string): Promise<StaffPrinting> {
  const response = await api(STAFF_PRINTING_PATH, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return json<StaffPrinting>(response);
}

async function printNext(printer: TestPrinter) {
  const answer = await json<{ jobToken?: string }>(await poll(printer));
  await fetchJob(printer, "text/plain", answer.jobToken);
  return confirmJob(printer, "200 OK", answer.jobToken);
}

let tickets: TestPrinter;

beforeEach(async () => {
  await removePrinters();
  tickets = await addPrinter(ANAHEIM, "tickets", "Counter");
});

describe("printing on the board", () => {
  it("lists the shop's printers with their last poll, and marks an order's ticket printed", async () => {
    const barista = await createBarista();
    const before = await printing(barista.cookie);
    expect(before.printers).toEqual([
      { id: tickets.id, name: "Counter", kind: "tickets", condition: null, lastSeenAt: null },
    ]);
    const { orderId } = await placeOrder();
    await poll(tickets);
    const waiting = await printing(barista.cookie);
    expect(waiting.printers[0]).toMatchObject({ condition: "ok", lastSeenAt: expect.any(String) });
    expect(waiting.orders[orderId]).toEqual({ ticket: "waiting" });
    await printNext(tickets);
    expect((await printing(barista.cookie)).orders[orderId]).toEqual({ ticket: "printed" });
  });

  it("prints a ticket again, refuses labels without a label printer, and another shop's order", async () => {
    const barista = await createBarista();
    const { orderId } = await placeOrder();
    await printNext(tickets);
    const again = await jsonPost(printAgainPath(orderId), barista.cookie, { kind: "ticket" });
    expect(again.status).toBe(202);
    expect((await jobsOf(orderId)).map((job) => job.state)).toEqual(["printed", "queued"]);
    const labels = await jsonPost(printAgainPath(orderId), barista.cookie, { kind: "labels" });
    expect(labels.status).toBe(409);
    expect((await json<{ error: { code: string } }>(labels)).error.code).toBe("no_printer");
    const other = await createStaffOfAnotherLocation();
    expect((await jsonPost(printAgainPath(orderId), other.cookie, { kind: "ticket" })).status).toBe(404);
    const shopper = await createSignedInUser();
    expect((await jsonPost(printAgainPath(orderId), shopper.cookie, { kind: "ticket" })).status).toBe(403);
    for (const body of [{ kind: "receipt" }, {}, { kind: "ticket", copies: 2 }]) {
      expect((await jsonPost(printAgainPath(orderId), barista.cookie, body)).status).toBe(400);
    }
  });
});
