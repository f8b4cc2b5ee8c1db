import { Hono } from "hono";
import { printAgainSchema } from "#common/forms/print-again";
import type { StaffPrinting } from "#common/printing";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { jsonBody } from "#worker/lib/json-body";
import { boardPrinting, printAgain } from "#worker/services/printers/board";

/** The board's printers and its orders' paper (worker/services/printers/board.ts), and "Print again". */
export const staffPrintingRouter = new Hono<AppEnv>()
  .get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json((await boardPrinting(getDb(c.env.DB), c.get("staff")!.locationId)) satisfies StaffPrinting);
  })
  .post("/orders/:orderId/print", ...jsonBody(printAgainSchema), async (c) => {
    const { kind } = c.req.valid("json");
    await printAgain(getDb(c.env.DB), c.get("staff")!.locationId, c.req.param("orderId"), kind);
    return c.json({ queued: kind }, 202);
  });
