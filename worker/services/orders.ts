import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { effectivePriceCents } from "../../common/catalog";
import type {
  CreateOrderResponse,
  Order,
  OrderLine,
  OrderLineSize,
  orderRequestSchema,
} from "../../common/forms/checkout";
import type { z } from "zod";
import type { Database } from "../db/client";
import { categories, orderItems, orders, paymentEvents, productPrices, products, users } from "../db/schema";
import { customerOrderEmail } from "../emails/order-customer";
import type { OrderEmailDetails } from "../emails/order-lines";
import { shopOrderEmail } from "../emails/order-shop";
import type { Env } from "../env";
import { ApiError } from "../lib/errors";
import { queueEmail } from "./outbox";
import { createCheckoutSession, paymentConfig, type PaymentConfig, type Stripe } from "./payments/stripe";

export type ValidOrderRequest = z.output<typeof orderRequestSchema>;
type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

/** A cart line priced by the server from D1: what will be written to order_items. */
export interface PricedLine {
  productId: string;
  name: string;
  image: string;
  size: OrderLineSize;
  unitPriceCents: number;
  quantity: number;
  note: string;
}

/**
 * Prices every line from the menu as it is now (the discounted price where there is one) and
 * refuses, naming the line, a drink that is not on the menu or a size it is not sold in.
 */
export async function priceOrderLines(
  db: Database,
  lines: ValidOrderRequest["lines"],
): Promise<{ lines: PricedLine[]; totalCents: number }> {
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const [productRows, priceRows] = await db.batch([
    db
      .select({
        id: products.id,
        name: products.name,
        image: products.image,
        sizeSelection: products.sizeSelection,
        onMenu: sql<number>`${products.isHidden} = 0 AND ${products.isDeleted} = 0 AND ${categories.isHidden} = 0 AND ${categories.isDeleted} = 0`,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(inArray(products.id, productIds)),
    db.select().from(productPrices).where(inArray(productPrices.productId, productIds)),
  ]);
  const productById = new Map(productRows.map((row) => [row.id, row]));

  const priced = lines.map((line, index): PricedLine => {
    const product = productById.get(line.productId);
    if (!product || !product.onMenu) {
      throw new ApiError(
        409,
        "item_unavailable",
        product
          ? `Line ${index + 1}: ${product.name} is no longer on the menu. Remove it from your cart to continue.`
          : `Line ${index + 1}: this drink is not on the menu. Remove it from your cart to continue.`,
        `lines.${index}.productId`,
      );
    }
    // A sized drink is sold small/medium/large, an unsized one only as "default", each only where priced.
    const sizeAllowed = product.sizeSelection ? line.size !== "default" : line.size === "default";
    const price = priceRows.find((row) => row.productId === product.id && row.size === line.size);
    if (!sizeAllowed || !price) {
      throw new ApiError(
        409,
        "size_unavailable",
        line.size === "default"
          ? `Line ${index + 1}: choose a size for ${product.name}.`
          : `Line ${index + 1}: ${product.name} is not sold in size ${line.size}.`,
        `lines.${index}.size`,
      );
    }
    return {
      productId: product.id,
      name: product.name,
      image: product.image,
      size: line.size,
      unitPriceCents: effectivePriceCents({
        priceCents: price.priceCents,
        discountedPriceCents: price.discountedPriceCents,
      }),
      quantity: line.quantity,
      note: line.note,
    };
  });
  const totalCents = priced.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  return { lines: priced, totalCents };
}

function toOrderLine(item: Pick<OrderItemRow, "productId" | "name" | "image" | "size" | "unitPriceCents" | "quantity" | "comment">): OrderLine {
  return {
    productId: item.productId,
    name: item.name,
    image: item.image,
    size: item.size,
    unitPriceCents: item.unitPriceCents,
    quantity: item.quantity,
    note: item.comment,
    subtotalCents: item.unitPriceCents * item.quantity,
  };
}

function toOrder(row: OrderRow, items: OrderItemRow[]): Order {
  const lines = items.map(toOrderLine);
  return {
    id: row.id,
    status: row.status,
    paymentMode: row.paymentMode,
    totalCents: row.totalCents,
    createdAt: row.createdAt,
    itemCount: lines.reduce((count, line) => count + line.quantity, 0),
    lines,
  };
}

async function itemsByOrder(db: Database, orderIds: string[]): Promise<Map<string, OrderItemRow[]>> {
  const byOrder = new Map<string, OrderItemRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** The user's orders, newest first. */
export async function listOrders(db: Database, userId: string, limit = 100): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(sql`rowid`))
    .limit(limit);
  const items = await itemsByOrder(db, rows.map((row) => row.id));
  return rows.map((row) => toOrder(row, items.get(row.id) ?? []));
}

/** One of the user's orders; another user's order is indistinguishable from a missing one. */
export async function findOrder(db: Database, userId: string, orderId: string): Promise<Order | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) return null;
  const items = await itemsByOrder(db, [row.id]);
  return toOrder(row, items.get(row.id) ?? []);
}

async function findOrderRowByKey(db: Database, userId: string, idempotencyKey: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  return row;
}

function errorMessages(error: unknown): string {
  const messages: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof Error) {
      messages.push(current.message);
      current = current.cause;
    } else {
      messages.push(String(current));
      break;
    }
  }
  return messages.join(" | ");
}

/** The UNIQUE (user_id, idempotency_key) index refused a second order for the same submission. */
function isDuplicateSubmission(error: unknown): boolean {
  const text = errorMessages(error);
  return text.includes("UNIQUE constraint failed") && text.includes("orders.idempotency_key");
}

function asBatch<T extends BatchItem<"sqlite">>(statements: T[]): [T, ...T[]] {
  if (statements.length === 0) throw new Error("An empty batch has nothing to write");
  return statements as [T, ...T[]];
}


/** The shop's copy and the customer's confirmation, as outbox inserts to put in the batch that reports them. */
export function orderEmailStatements(
  db: Database,
  env: Pick<Env, "SHOP_EMAIL">,
  details: OrderEmailDetails,
): { ids: string[]; statements: BatchItem<"sqlite">[] } {
  const outgoing = [
    { kind: "order-shop", to: env.SHOP_EMAIL, ...shopOrderEmail(details) },
    // A provider may withhold the address (Apple's private relay aside, it can be empty).
    ...(details.customerEmail
      ? [{ kind: "order-customer", to: details.customerEmail, ...customerOrderEmail(details) }]
      : []),
  ];
  const queued = outgoing.map((email) => queueEmail(db, { ...email, orderId: details.orderId }));
  return { ids: queued.map((entry) => entry.id), statements: queued.map((entry) => entry.statement) };
}

/** Everything the e-mails need about an order already in D1. */
export async function loadOrderEmailDetails(db: Database, orderId: string): Promise<OrderEmailDetails | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return null;
  const items = await itemsByOrder(db, [orderId]);
  return {
    orderId: row.id,
    createdAt: row.createdAt,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    phone: row.phone,
    totalCents: row.totalCents,
    paymentMode: row.paymentMode,
    lines: (items.get(orderId) ?? []).map(toOrderLine),
  };
}

export interface PlaceOrderInput {
  db: Database;
  env: Env;
  userId: string;
  request: ValidOrderRequest;
  idempotencyKey?: string;
  /** The site's origin, for Stripe's return URLs. */
  origin: string;
}

export interface PlaceOrderResult {
  response: CreateOrderResponse;
  /** False when a retried submission found the order it had already made. */
  created: boolean;
  /** Outbox rows queued with the order, to deliver right after the response. */
  emailIds: string[];
}

/**
 * Prices the cart on the server and writes the order, its lines, the phone on the profile and
 * (pay-on-pickup) its e-mails in one batch. With Stripe, the order waits in `pending_payment`
 * and its e-mails are queued by the webhook once Stripe says it is paid.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const { db, env, userId, request, idempotencyKey } = input;
  const payment = paymentConfig(env);

  if (idempotencyKey) {
    const existing = await findOrderRowByKey(db, userId, idempotencyKey);
    if (existing) return replayOrder(input, payment, existing);
  }

  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new ApiError(401, "unauthorized", "Sign in to continue");

  const { lines, totalCents } = await priceOrderLines(db, request.lines);
  const orderId = crypto.randomUUID();
  const now = new Date().toISOString();
  const status = payment.mode === "stripe" ? "pending_payment" : "placed";
  const orderRow: OrderRow = {
    id: orderId,
    userId,
    status,
    paymentMode: payment.mode,
    totalCents,
    customerName: user.username,
    customerEmail: user.email,
    phone: request.phone,
    idempotencyKey: idempotencyKey ?? null,
    stripeSessionId: null,
    createdAt: now,
    updatedAt: now,
    paidAt: null,
  };
  const itemRows = lines.map((line) => ({
    orderId,
    productId: line.productId,
    name: line.name,
    image: line.image,
    size: line.size,
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
    comment: line.note,
  }));

  const statements: BatchItem<"sqlite">[] = [
    db.insert(orders).values(orderRow),
    db.insert(orderItems).values(itemRows),
    // The next checkout is pre-filled with the phone used for this one.
    db.update(users).set({ phone: request.phone }).where(eq(users.id, userId)),
  ];
  const order = toOrder(orderRow, itemRows.map((item, index) => ({ ...item, id: index })));
  let emailIds: string[] = [];
  if (payment.mode === "pay_on_pickup") {
    const emails = orderEmailStatements(db, env, {
      orderId,
      createdAt: now,
      customerName: user.username,
      customerEmail: user.email,
      phone: request.phone,
      totalCents,
      paymentMode: payment.mode,
      lines: order.lines,
    });
    emailIds = emails.ids;
    statements.push(...emails.statements);
  }

  try {
    await db.batch(asBatch(statements));
  } catch (error) {
    // Two submissions with one key raced: the index let one through; answer with that one.
    if (idempotencyKey && isDuplicateSubmission(error)) {
      const winner = await findOrderRowByKey(db, userId, idempotencyKey);
      if (winner) return replayOrder(input, payment, winner);
    }
    throw error;
  }

  const paymentUrl = payment.mode === "stripe" ? await startCardPayment(input, payment, orderRow, order.lines) : undefined;
  return {
    response: {
      order,
      ...(paymentUrl ? { paymentUrl } : {}),
      totalChanged: request.displayedTotalCents !== undefined && request.displayedTotalCents !== totalCents,
    },
    created: true,
    emailIds,
  };
}

async function replayOrder(input: PlaceOrderInput, payment: PaymentConfig, row: OrderRow): Promise<PlaceOrderResult> {
  const items = await itemsByOrder(input.db, [row.id]);
  const order = toOrder(row, items.get(row.id) ?? []);
  const paymentUrl =
    payment.mode === "stripe" && row.status === "pending_payment"
      ? await startCardPayment(input, payment, row, order.lines)
      : undefined;
  return {
    response: {
      order,
      ...(paymentUrl ? { paymentUrl } : {}),
      totalChanged:
        input.request.displayedTotalCents !== undefined && input.request.displayedTotalCents !== row.totalCents,
    },
    created: false,
    emailIds: [],
  };
}

/** Opens (or, for a retried submission, re-opens the same) Stripe Checkout Session for the order. */
async function startCardPayment(
  input: PlaceOrderInput,
  payment: Extract<PaymentConfig, { mode: "stripe" }>,
  row: OrderRow,
  lines: OrderLine[],
): Promise<string> {
  let session: { id: string; url: string };
  try {
    session = await createCheckoutSession(payment.secretKey, {
      orderId: row.id,
      userId: row.userId,
      customerEmail: row.customerEmail,
      origin: input.origin,
      lines,
    });
  } catch (error) {
    // The order stays pending_payment: retrying with the same Idempotency-Key tries Stripe again.
    console.error(`Stripe checkout session for order ${row.id} failed:`, errorMessages(error));
    throw new ApiError(502, "payment_unavailable", "Card payment is unavailable right now. Please try again.");
  }
  if (row.stripeSessionId !== session.id) {
    await input.db
      .update(orders)
      .set({ stripeSessionId: session.id, updatedAt: new Date().toISOString() })
      .where(eq(orders.id, row.id));
  }
  return session.url;
}

// ---------------------------------------------------------------------------------------------
// Stripe webhook events → order state. Each event id is written to payment_events in the same
// batch as the change it causes, so a replayed event finds its id and changes nothing.

export type PaymentEventOutcome =
  | "paid"
  | "cancelled"
  | "duplicate"
  /** Verified and recorded, but it changes nothing (already paid, unknown order, awaiting funds…). */
  | "no_change"
  /** An event type this shop does not act on; acknowledged, not recorded. */
  | "unhandled";

export interface PaymentEventResult {
  outcome: PaymentEventOutcome;
  orderId?: string;
  /** Outbox rows queued with the change, to deliver right after the response. */
  emailIds: string[];
}

const HANDLED_SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

function isDuplicateEvent(error: unknown): boolean {
  const text = errorMessages(error);
  return text.includes("UNIQUE constraint failed") && text.includes("payment_events.id");
}

/** The guarded update below turns "no longer pending" into a NOT NULL failure that undoes its batch. */
function isNotPendingAnyMore(error: unknown): boolean {
  const text = errorMessages(error);
  return text.includes("NOT NULL constraint failed") && text.includes("orders.status");
}

export async function applyStripeEvent(db: Database, env: Env, event: Stripe.Event): Promise<PaymentEventResult> {
  if (!HANDLED_SESSION_EVENTS.has(event.type)) return { outcome: "unhandled", emailIds: [] };

  const [seen] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, event.id));
  if (seen) return { outcome: "duplicate", emailIds: [] };

  const session = event.data.object as Stripe.Checkout.Session;
  const orderId = session.metadata?.orderId ?? session.client_reference_id ?? undefined;
  const [order] = orderId ? await db.select().from(orders).where(eq(orders.id, orderId)) : [];
  const recordOnly = () => recordEvent(db, event, order?.id ?? null);

  if (!order) {
    console.warn(`Stripe event ${event.id} (${event.type}) names no known order (${orderId ?? "none"}); acknowledged.`);
    return recordOnly();
  }
  if (order.paymentMode !== "stripe" || (order.stripeSessionId && order.stripeSessionId !== session.id)) {
    console.warn(`Stripe event ${event.id} is for session ${session.id}, not order ${order.id}'s; acknowledged.`);
    return recordOnly();
  }

  switch (event.type) {
    case "checkout.session.completed":
      // Bank debits and the like complete the session before the money arrives:
      // async_payment_succeeded (or _failed) follows.
      if (session.payment_status === "unpaid") return recordOnly();
      return markPaid(db, env, event, order, session);
    case "checkout.session.async_payment_succeeded":
      return markPaid(db, env, event, order, session);
    default:
      // expired or async_payment_failed: only an order still waiting for payment is cancelled,
      // so a late "expired" never undoes a payment that already arrived.
      return markCancelled(db, event, order);
  }
}

async function recordEvent(db: Database, event: Stripe.Event, orderId: string | null): Promise<PaymentEventResult> {
  try {
    await db.insert(paymentEvents).values({ id: event.id, type: event.type, orderId });
  } catch (error) {
    if (isDuplicateEvent(error)) return { outcome: "duplicate", emailIds: [] };
    throw error;
  }
  return { outcome: "no_change", ...(orderId ? { orderId } : {}), emailIds: [] };
}

async function markPaid(
  db: Database,
  env: Env,
  event: Stripe.Event,
  order: OrderRow,
  session: Stripe.Checkout.Session,
): Promise<PaymentEventResult> {
  if (order.status !== "pending_payment") return recordEvent(db, event, order.id);
  if (session.amount_total !== null && session.amount_total !== order.totalCents) {
    console.error(
      `Stripe session ${session.id} charged ${session.amount_total} cents but order ${order.id} totals ${order.totalCents}; not marked paid.`,
    );
    return recordEvent(db, event, order.id);
  }
  const details = await loadOrderEmailDetails(db, order.id);
  if (!details) return recordEvent(db, event, order.id);

  const now = new Date().toISOString();
  const emails = orderEmailStatements(db, env, { ...details, paymentMode: "stripe" });
  try {
    await db.batch([
      db.insert(paymentEvents).values({ id: event.id, type: event.type, orderId: order.id }),
      // Another event may have settled the order since it was read: then CASE yields NULL, the
      // NOT NULL column refuses it and the whole batch (e-mails included) is undone.
      db
        .update(orders)
        .set({
          status: sql`CASE WHEN ${orders.status} = 'pending_payment' THEN 'paid' END`,
          paidAt: now,
          updatedAt: now,
          stripeSessionId: session.id,
        })
        .where(eq(orders.id, order.id)),
      ...emails.statements,
    ]);
  } catch (error) {
    if (isDuplicateEvent(error)) return { outcome: "duplicate", emailIds: [] };
    if (isNotPendingAnyMore(error)) return recordEvent(db, event, order.id);
    throw error;
  }
  return { outcome: "paid", orderId: order.id, emailIds: emails.ids };
}

async function markCancelled(db: Database, event: Stripe.Event, order: OrderRow): Promise<PaymentEventResult> {
  if (order.status !== "pending_payment") return recordEvent(db, event, order.id);
  const now = new Date().toISOString();
  try {
    await db.batch([
      db.insert(paymentEvents).values({ id: event.id, type: event.type, orderId: order.id }),
      db
        .update(orders)
        .set({ status: "cancelled", updatedAt: now })
        .where(and(eq(orders.id, order.id), eq(orders.status, "pending_payment"))),
    ]);
  } catch (error) {
    if (isDuplicateEvent(error)) return { outcome: "duplicate", emailIds: [] };
    throw error;
  }
  return { outcome: "cancelled", orderId: order.id, emailIds: [] };
}
