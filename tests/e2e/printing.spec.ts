import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { childEnv, freePort, root, startBuiltServer } from "#scripts/serve-built.mjs";
import { expectNoSeriousA11yViolations, saveScreenshot } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { baristaOnTheBoard, customerOverHttp, orderNumberOf } from "./support/staff";

// The counter's printers: a ticket printer and a label printer (stand-ins that speak CloudPRNT and
// read the StarPRNT they are sent back into text) poll the shop while a shopper orders; the
// ticket and one label per drink print within 10 s of the order reaching the board, the board
// shows the printers printing, then offline within 30 s of their stopping. The server is this
// journey's own: its printers would print every other journey's orders.

type Server = Awaited<ReturnType<typeof startBuiltServer>>;
let server: Server | undefined;
const standIns: ChildProcess[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startBuiltServer({
    port: await freePort(Number(process.env.E2E_PORT ?? 5190) + 7),
    zipCentroids: false,
  });
});

test.afterAll(async () => {
  for (const child of standIns) child.kill("SIGTERM");
  await server?.stop();
  server?.removeState();
});

/** `npm run printer:add -- … --local --json` against this server's D1. */
function addPrinter(kind: "tickets" | "labels", name: string): string {
  return execFileSync(
    process.execPath,
    [
      join(root, "scripts", "printer-add.mjs"),
      "--shop",
      "loc-anaheim",
      "--kind",
      kind,
      "--name",
      name,
      "--local",
      "--json",
      "--origin",
      server!.baseUrl,
    ],
    { env: childEnv({ SQUEEZE_STATE_DIR: server!.stateDir }), encoding: "utf8" },
  ).trim();
}

/** The stand-in printer, polling every second; what it prints, as it prints it. */
function startStandIn(printer: string): { output: () => string; stop: () => void } {
  let output = "";
  const child = spawn(
    process.execPath,
    [join(root, "scripts", "printer-stand-in.mjs"), "--printer", printer, "--interval", "1"],
    { env: childEnv(), stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  standIns.push(child);
  return { output: () => output, stop: () => child.kill("SIGTERM") };
}

test("an order prints its ticket and a label per drink by itself; the board shows the printers, then offline", async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const baseURL = server!.baseUrl;
  const ticketPrinter = startStandIn(addPrinter("tickets", "Counter"));
  const labelPrinter = startStandIn(addPrinter("labels", "Cups"));

  const board = await baristaOnTheBoard(browser, baseURL, { width: 1024, height: 768 });
  const printers = board.getByRole("list", { name: "Printers" });
  await expect(printers.getByRole("listitem").filter({ hasText: "Counter" })).toContainText("Printing");
  await expect(printers.getByRole("listitem").filter({ hasText: "Cups" })).toContainText("Printing");

  // A shopper orders two juices and a shot.
  const shopper = await customerOverHttp(browser, baseURL, "Paula Printer");
  const response = await shopper.request.post("/api/orders", {
    headers: { Origin: baseURL, "Idempotency-Key": crypto.randomUUID() },
    data: {
      phone: "+1 714 555 0190",
      lines: [
        { productId: "prd-sunrise-orange", size: "large", quantity: 2, note: "No ice" },
        { productId: "prd-ginger-shot", size: "default", quantity: 1, note: "" },
      ],
    },
  });
  expect(response.status()).toBe(201);
  const orderId = ((await response.json()) as { order: { id: string } }).order.id;
  const number = orderNumberOf(orderId);

  // It reaches the board; from then, its ticket and three labels print within 10 s.
  const ticket = board.getByRole("article").filter({ hasText: number });
  await expect(ticket).toBeVisible();
  const reached = Date.now();
  await expect.poll(ticketPrinter.output, { timeout: 10_000 }).toContain(`## ${number}`);
  await expect.poll(labelPrinter.output, { timeout: 10_000 }).toContain(`3 of 3   ${number}`);
  expect(Date.now() - reached).toBeLessThan(10_000);
  const ticketText = ticketPrinter.output();
  expect(ticketText).toContain("## Paula");
  expect(ticketText).toContain("2 x Sunrise Orange (Large)");
  expect(ticketText).toContain("Note: No ice");
  const labels = labelPrinter.output();
  expect(labels).toContain("printed job");
  expect(labels.match(new RegExp(`\\d of 3   ${number}`, "g"))).toHaveLength(3);

  // The ticket says it printed; its details print it again.
  await expect(ticket.getByText("Ticket printed")).toBeVisible({ timeout: 10_000 });
  await saveScreenshot(board, "printing-board-1024");
  await expectNoSeriousA11yViolations(board, "board with printers", testInfo);
  await ticket.getByRole("button", { name: /details/i }).click();
  const details = board.getByRole("dialog", { name: `Order ${number}` });
  await details.getByRole("button", { name: "Print ticket again" }).click();
  await expect(details.getByRole("status")).toHaveText("The ticket prints again.");
  await expect.poll(() => ticketPrinter.output().split(`## ${number}`).length - 1, { timeout: 10_000 }).toBe(2);
  await saveScreenshot(board, "printing-details-1024");
  await details.getByRole("button", { name: "Close" }).click();

  // The printers stop: within 30 s the board says they are offline.
  ticketPrinter.stop();
  labelPrinter.stop();
  await expect(printers.getByRole("listitem").filter({ hasText: "Counter" })).toContainText(
    "Printer offline — last seen",
    { timeout: 30_000 },
  );
  await expect(printers.getByRole("listitem").filter({ hasText: "Cups" })).toContainText("Printer offline");
  await saveScreenshot(board, "printing-offline-1024");
});
