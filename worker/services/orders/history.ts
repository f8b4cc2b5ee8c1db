/** An order's history: every change, what it became, who made it and when. */
import type { OrderEventActor, OrderStatus, PaymentState } from "#common/orders";
import type { Database } from "#worker/db/client";
import { orderEvents } from "#worker/db/schema";

export interface OrderEventInput {
  orderId: string;
  status: OrderStatus;
  previousStatus: OrderStatus | null;
  paymentState: PaymentState;
  actor: OrderEventActor;
  actorUserId: string | null;
  reason?: string | null;
  /** The instant of the change, the same as the order's updated_at. */
  at: string;
}

/** The insert to put in the batch that makes the change, so a change never exists without its record. */
export function orderEventStatement(db: Database, event: OrderEventInput) {
  return db.insert(orderEvents).values({
    orderId: event.orderId,
    status: event.status,
    previousStatus: event.previousStatus,
    paymentState: event.paymentState,
    actor: event.actor,
    actorUserId: event.actorUserId,
    reason: event.reason ?? null,
    createdAt: event.at,
  });
}
