/** An order's history: every change, what it became, who made it and when. */
import type { OrderEventActor, OrderStatus, PaymentState } from "#common/orders";
import { eq, sql } from "drizzle-orm";
import type { Database } from "#worker/db/client";
import { orderEvents, orders } from "#worker/db/schema";

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

/** Who made a change and why, for the history row written from the order's row (orderEventAfterChange). */
export interface ChangeEventInput {
  orderId: string;
  /** The status it was moved from; null when the change leaves the status as it is. */
  movedFrom: OrderStatus | null;
  actor: OrderEventActor;
  actorUserId: string | null;
  reason?: string | null;
  at: string;
}

/**
 * The history row of a change, put in the batch right after the change's guarded update: its
 * status and payment state are read from the order's row as that update left it, so the history
 * never disagrees with the order, whatever another writer changed in between (docs/decisions/0030).
 */
export function orderEventAfterChange(db: Database, event: ChangeEventInput) {
  return db.insert(orderEvents).select(
    db
      .select({
        // NULL: the next id, as for any insert.
        id: sql<number>`NULL`.as("id"),
        orderId: orders.id,
        status: orders.status,
        previousStatus:
          event.movedFrom === null ? orders.status : sql<OrderStatus>`${event.movedFrom}`.as("previous_status"),
        paymentState: orders.paymentState,
        actor: sql<OrderEventActor>`${event.actor}`.as("actor"),
        actorUserId: sql<string | null>`${event.actorUserId}`.as("actor_user_id"),
        reason: sql<string | null>`${event.reason ?? null}`.as("reason"),
        createdAt: sql<string>`${event.at}`.as("created_at"),
      })
      .from(orders)
      .where(eq(orders.id, event.orderId)),
  );
}
