/** "Print again" on an order's details: its ticket, or its cups' labels. Shared by the board and the API. */
import { z } from "zod";
import { REPRINT_KINDS } from "#common/printing";

export const printAgainSchema = z.strictObject({ kind: z.enum(REPRINT_KINDS) });
export type PrintAgainRequest = z.infer<typeof printAgainSchema>;

/** Where the board asks for the shop's printers and its orders' print state. */
export const STAFF_PRINTING_PATH = "/api/staff/printing";
export const printAgainPath = (orderId: string) => `${STAFF_PRINTING_PATH}/orders/${encodeURIComponent(orderId)}/print`;
