import { z } from "zod";

/** At most this many orders per "Seen" (a rush is a few dozen; D1 binds 100 values a statement). */
export const MAX_ACKNOWLEDGED_PER_REQUEST = 50;

/** `POST /api/staff/acknowledgements`: the new orders someone at the counter has seen ("Seen"). */
export const acknowledgeOrdersSchema = z.strictObject({
  orderIds: z
    .array(z.string("An order id must be text").trim().min(1, "Unknown order").max(100, "Unknown order"), {
      error: "Name the orders that were seen",
    })
    .min(1, "Name the orders that were seen")
    .max(MAX_ACKNOWLEDGED_PER_REQUEST, `At most ${MAX_ACKNOWLEDGED_PER_REQUEST} orders at once`),
});

export type AcknowledgeOrdersRequest = z.input<typeof acknowledgeOrdersSchema>;
