/**
 * Placing an order: priced on the server, written in one batch, and safe to submit twice — a
 * retried submission (same Idempotency-Key) is answered with the order it already made.
 */
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ValidOrderRequest } from "#common/forms/checkout";
import type { CreateOrderResponse } from "#common/orders";
import { ORDER_LIMITS } from "#common/order-limits";
import { formatCents } from "#common/money";
import { belowCardMinimumMessage, CARD_MINIMUM_CENTS } from "#common/payment-methods";
import { orderTotalCents } from "#common/order-total";
import { tipCents as tipFor } from "#common/tips";
import { asBatch, insertRows } from "#worker/db/batch";
import type { Database } from "#worker/db/client";
import { orderItemOptions, orderItems, orders, users } from "#worker/db/schema";
import type { Env } from "#worker/env";
import { isNotNullViolation, isUniqueViolation } from "#worker/lib/db-errors";
import { ApiError } from "#worker/lib/errors";
import { sha256Hex } from "#worker/lib/sha256";
import { userPhoneStatement } from "#worker/services/auth/users";
import { NOTHING_TO_ANNOUNCE, type Announcements } from "#worker/services/announcements";
import { boardPrintJobs } from "#worker/services/printing/queue";
import { onlineShop } from "#worker/services/shop/known-shop";
import { paymentConfig, type PaymentConfig } from "#worker/services/stripe-api";
import { applyPromoCode } from "#worker/services/promo-codes/apply";
import { applyReward } from "#worker/services/loyalty/reward";
import { admitOrder } from "./admission";
import { hasCompletedOrder } from "./completed-orders";
import { startCardPayment } from "./card-payment";
import { discountStatements, lineDiscountCents, storedDiscounts, type OrderDiscount } from "./discount-rows";
import { isSlotFull, slotFullError } from "./pickup-slots";
import { newOrderEmails } from "./emails";
import { orderEventStatement } from "./history";
import { settleFulfilment } from "./fulfilment";
import { orderShopQuery } from "./order-shop";
import { priceOrderLines } from "./pricing";
import { findOrderRow, withLinesAndPickups, type LoadedOrder, type OrderRow } from "./loading";
import { orderNews } from "./live-updates";
import { stampsEarnedByOrder } from "./stamps-read";
import { toOrder } from "./shapes";

export interface PlaceOrderInput {
  db: Database;
  env: Env;
  userId: string;
  /** The shop the order is for: the body's `locationId`, else the default shop (chosen by the route). */
  locationId: string;
  request: ValidOrderRequest;
  idempotencyKey?: string;
  /** The site's origin, for Stripe's return URLs. */
  origin: string;
}

export interface PlaceOrderResult {
  response: CreateOrderResponse;
  /** False when a retried submission found the order it had already made. */
  created: boolean;
  /**
   * Its e-mails and the order for the location's boards and the shopper's pages, once it is
   * committed (nothing while a card payment is awaited, nor for a retried submission).
   */
  news: Announcements;
}

function findOrderRowByKey(db: Database, userId: string, idempotencyKey: string): Promise<OrderRow | undefined> {
  return findOrderRow(db, and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
}

/**
 * What a submission asks for, as the server understood it (lines and phone after validation):
 * the same cart sent again hashes the same; any change to a drink, size, quantity, note, its
 * options, the phone or the shop it is for does not. The shop is the one the order is placed at,
 * however the request named it (body, `?location=`, cookie or the default): the same key sent for
 * another shop is another order (docs/decisions/0032). The shopper's displayed total is left out:
 * it is not part of the order.
 */
export async function orderRequestHash(request: ValidOrderRequest, locationId: string): Promise<string> {
  const canonical = JSON.stringify({
    // Options join a line's form only when sent, so a line without them hashes as lines always have.
    lines: request.lines.map((line) =>
      line.modifierIds === undefined
        ? [line.productId, line.size, line.quantity, line.note]
        : [line.productId, line.size, line.quantity, line.note, line.modifierIds],
    ),
    phone: request.phone,
    pickup: request.pickup,
    // Only a tip adds to the canonical form, so an order without one hashes as orders always have.
    ...(request.tip ? { tip: request.tip } : {}),
    // Only a code adds to the canonical form (upper-cased), so an order without one hashes as orders always have.
    ...(request.promoCode ? { promoCode: request.promoCode } : {}),
    ...(request.reward ? { reward: [request.reward.id, request.reward.line] } : {}),
    // Only a delivery adds to the canonical form, so a pickup hashes as orders always have.
    ...(request.fulfilment === "delivery" ? { delivery: [request.street, request.zip] } : {}),
    locationId,
  });
  return sha256Hex(canonical);
}

const ORDER_WINDOW_MS = ORDER_LIMITS.orderWindowMinutes * 60 * 1000;

/**
 * The per-account order limit, as a statement in the order's own batch: after the new order is
 * inserted it counts the account's orders in the window, and past the limit sets the new order's
 * status to NULL, which the NOT NULL column refuses, undoing the whole batch (lines and e-mails
 * too). Counted inside the transaction, so a burst of concurrent submissions cannot all slip
 * past a count taken before any of them was written.
 */
function refuseOverOrderLimit(db: Database, userId: string, orderId: string, now: Date) {
  const windowStart = new Date(now.getTime() - ORDER_WINDOW_MS).toISOString();
  return db
    .update(orders)
    .set({
      status: sql`CASE WHEN (SELECT count(*) FROM ${orders} WHERE ${orders.userId} = ${userId} AND ${orders.createdAt} > ${windowStart}) <= ${ORDER_LIMITS.maxOrdersPerWindow} THEN ${orders.status} END`,
    })
    .where(eq(orders.id, orderId));
}

/** The 429 for an account at its limit, with when the oldest order in the window leaves it. */
async function orderLimitReached(db: Database, userId: string, now: Date): Promise<ApiError> {
  const windowStart = new Date(now.getTime() - ORDER_WINDOW_MS).toISOString();
  const [oldest] = await db
    .select({ createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.userId, userId), gt(orders.createdAt, windowStart)))
    .orderBy(asc(orders.createdAt))
    .limit(1);
  const freesAt = oldest ? Date.parse(oldest.createdAt) + ORDER_WINDOW_MS : now.getTime();
  return new ApiError(
    429,
    "rate_limited",
    `You have placed ${ORDER_LIMITS.maxOrdersPerWindow} orders in the last ${ORDER_LIMITS.orderWindowMinutes} minutes. Please wait before placing another.`,
  ).withRetryAfter((freesAt - now.getTime()) / 1000);
}

/**
 * How an order's money is settled when it is placed: at pickup (`not_required`), by card at
 * Stripe (`pending` until its webhook), or, for a card order whose discounts bring it to $0,
 * paid already, since Stripe opens no payment for nothing. A card total Stripe cannot charge
 * (1¢ to 49¢) is refused before anything is written.
 */
function cardSettlement(
  payment: PaymentConfig,
  totalCents: number,
  discount: "promo code" | "free drink",
): { paymentState: "not_required" | "pending" | "paid"; onBoardNow: boolean } {
  if (payment.mode === "pay_on_pickup") return { paymentState: "not_required", onBoardNow: true };
  if (totalCents === 0) return { paymentState: "paid", onBoardNow: true };
  if (totalCents < CARD_MINIMUM_CENTS) {
    throw new ApiError(409, "total_below_card_minimum", belowCardMinimumMessage(totalCents, discount));
  }
  return { paymentState: "pending", onBoardNow: false };
}

/**
 * Prices the cart on the server and writes the order, its lines, the phone on the profile and
 * (pay-on-pickup) its e-mails and the first entry of its history in one batch. With Stripe, the
 * order is `received` with payment `pending`, off the board, and its e-mails are queued by the
 * webhook once Stripe says it is paid; one its discounts made free is paid at once (cardSettlement).
 */
export async function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const { db, env, userId, locationId, request, idempotencyKey } = input;
  const payment = paymentConfig(env);
  const requestHash = await orderRequestHash(request, locationId);

  if (idempotencyKey) {
    const existing = await findOrderRowByKey(db, userId, idempotencyKey);
    if (existing) return replayOrder(input, payment, existing, requestHash);
  }

  const [[user], [shopRow]] = await db.batch([
    db.select().from(users).where(eq(users.id, userId)),
    orderShopQuery(db, locationId),
  ]);
  if (!user) throw new ApiError(401, "unauthorized", "Sign in to continue");
  // An unknown shop (400) or one not taking online orders (409), before its menu or hours are asked.
  const shop = onlineShop(shopRow, "locationId");

  // Read alongside the pricing; its refusal still comes after the pricing's and the admission's.
  const settling = settleFulfilment(db, shop, request);
  settling.catch(() => undefined);
  const { lines, subtotalCents } = await priceOrderLines(db, request.lines, shop.id);
  // Closed, paused, sold out or a pickup time that is not on offer at this shop: refused before anything is written.
  const admitted = await admitOrder(db, userId, shop.id, lines, request.pickup);
  const fulfilment = await settling;
  const tipCents = tipFor(request.tip, subtotalCents);
  if (tipCents > subtotalCents) {
    throw new ApiError(
      400,
      "invalid_input",
      `A tip can be at most the drinks' subtotal (${formatCents(subtotalCents)}).`,
      "tip.cents",
    );
  }
  const orderId = crypto.randomUUID();
  const now = new Date().toISOString();
  // The tip above is on the subtotal before the discount; the discount comes off the drinks only.
  const promo = request.promoCode
    ? await applyPromoCode(db, {
        typed: request.promoCode,
        userId,
        shop,
        lines,
        subtotalCents,
        hasCompletedOrder: () => hasCompletedOrder(db, userId),
        now: new Date(now),
      })
    : undefined;
  const reward = request.reward ? await applyReward(db, { reward: request.reward, userId, lines }) : undefined;
  const discountCents = (promo?.discount.amountCents ?? 0) + (reward?.discount.amountCents ?? 0);
  const totalCents = orderTotalCents({
    subtotalCents,
    discountCents,
    deliveryFeeCents: fulfilment.deliveryFeeCents,
    tipCents,
  });
  // Only a discount brings a card total under Stripe's minimum: a code and a free drink never go together.
  const settlement = cardSettlement(payment, totalCents, reward ? "free drink" : "promo code");
  const discounts: OrderDiscount[] = [
    ...(promo
      ? [
          {
            kind: "promo" as const,
            name: promo.discount.code,
            amountCents: promo.discount.amountCents,
            lines: promo.discount.lines,
          },
        ]
      : []),
    ...(reward ? [{ kind: "loyalty" as const, ...reward.discount }] : []),
  ];
  const orderRow: OrderRow = {
    id: orderId,
    userId,
    locationId: shop.id,
    status: "received",
    paymentMode: payment.mode,
    paymentState: settlement.paymentState,
    totalCents,
    subtotalCents,
    discountCents,
    customerName: user.username,
    customerEmail: user.email,
    phone: request.phone,
    idempotencyKey: idempotencyKey ?? null,
    requestHash,
    stripeSessionId: null,
    stripePaymentIntentId: null,
    stripeRefundId: null,
    cancelReason: null,
    createdAt: now,
    updatedAt: now,
    paidAt: settlement.paymentState === "paid" ? now : null,
    refundedAt: null,
    refundedCents: 0,
    partlyRefundedCents: 0,
    partlyRefundedAt: null,
    givenBackAt: null,
    ...fulfilment,
    tipCents,
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
  // A line's options point at it by its place in the order: the lines' ids are not known before the batch.
  const optionRows = lines.flatMap((line, lineIndex) =>
    line.options.map((option, position) => ({
      orderId,
      lineIndex,
      position,
      optionId: option.id,
      name: option.name,
      priceCents: option.priceCents,
      isDefault: option.isDefault,
    })),
  );

  const statements: BatchItem<"sqlite">[] = [
    db.insert(orders).values(orderRow),
    refuseOverOrderLimit(db, userId, orderId, new Date(now)),
    // The code's use, refused by its triggers past the code's limits, which undoes the whole batch.
    ...(promo ? promo.statements(orderId) : []),
    // The reward's stamps, refused by their trigger when the card no longer holds them.
    ...(reward ? reward.statements(orderId) : []),
    ...discountStatements(db, orderId, discounts),
    // Eight values a line: one INSERT would pass D1's limit at 13 lines, so it is split.
    ...insertRows(db, orderItems, itemRows),
    // Seven values an option: 30 lines of 5 options is 150 rows, in statements of 14.
    ...insertRows(db, orderItemOptions, optionRows),
    // The next checkout is pre-filled with the phone used for this one.
    userPhoneStatement(db, userId, request.phone),
    orderEventStatement(db, {
      orderId,
      status: orderRow.status,
      previousStatus: null,
      paymentState: orderRow.paymentState,
      actor: "customer",
      actorUserId: userId,
      at: now,
    }),
    // A slot that filled up meanwhile aborts the whole batch (migrations/0042 and 0045).
    ...admitted.statements(orderId),
  ];
  const placed: LoadedOrder = {
    row: orderRow,
    items: itemRows.map((item, index) => ({
      ...item,
      id: index,
      options: lines[index]!.options.map(({ name, priceCents, isDefault }) => ({ name, priceCents, isDefault })),
      optionIds: lines[index]!.options.map((option) => option.id),
      discountCents: lineDiscountCents(discounts, index),
    })),
    pickup: admitted.pickup,
    discounts: discounts.map(({ kind, name, amountCents }) => ({ kind, name, amountCents })),
    prepStartsAt: admitted.prepStartsAt,
  };
  // Placing never earns: stamps come when the order is completed with its money in.
  const order = toOrder(placed, 0);
  let emailIds: string[] = [];
  if (settlement.onBoardNow) {
    const emails = newOrderEmails(db, env, shop, {
      orderId,
      createdAt: now,
      customerName: user.username,
      customerEmail: user.email,
      phone: request.phone,
      totalCents,
      paymentMode: payment.mode,
      lines: order.lines,
      ...fulfilment,
      tipCents,
      discounts: order.discounts,
      pickup: admitted.pickup,
      shopName: shop.name,
    });
    emailIds = emails.ids;
    statements.push(...emails.statements, ...boardPrintJobs(db, placed, shop.name, now));
  }

  try {
    await db.batch(asBatch(statements));
  } catch (error) {
    // Two submissions with one key raced: the UNIQUE (user_id, idempotency_key) index let one
    // through; answer with that one.
    if (idempotencyKey && isUniqueViolation(error, "orders.idempotency_key")) {
      const winner = await findOrderRowByKey(db, userId, idempotencyKey);
      if (winner) return replayOrder(input, payment, winner, requestHash);
    }
    if (isNotNullViolation(error, "orders.status")) throw await orderLimitReached(db, userId, new Date(now));
    if (isSlotFull(error)) throw slotFullError(admitted.pickup);
    const promoRefused = promo?.refusalAfterBatch(error) ?? reward?.refusalAfterBatch(error);
    if (promoRefused) throw promoRefused;
    const overOpenDrinks = await admitted.openDrinksRefusal(error);
    if (overOpenDrinks) throw overOpenDrinks;
    throw error;
  }

  const paymentUrl =
    payment.mode === "stripe" && settlement.paymentState === "pending"
      ? await startCardPayment({ db, payment, origin: input.origin, row: orderRow, lines: order.lines, discounts })
      : undefined;
  return {
    response: {
      order,
      ...(paymentUrl ? { paymentUrl } : {}),
      totalChanged: request.displayedTotalCents !== undefined && request.displayedTotalCents !== totalCents,
    },
    created: true,
    // A pay-on-pickup or free order goes to the board now; a card order when Stripe says it is paid.
    news: settlement.onBoardNow ? orderNews(placed, emailIds) : NOTHING_TO_ANNOUNCE,
  };
}

async function replayOrder(
  input: PlaceOrderInput,
  payment: PaymentConfig,
  row: OrderRow,
  requestHash: string,
): Promise<PlaceOrderResult> {
  // Like Stripe: a key names one request. The same key with another cart is a client bug, and
  // answering with the first order would tell the shopper their new cart was ordered.
  if (row.requestHash !== null && row.requestHash !== requestHash) {
    throw new ApiError(
      422,
      "idempotency_key_reused",
      "This Idempotency-Key was already used for an order with a different cart or phone. Use a new key for a new order.",
      "Idempotency-Key",
    );
  }
  const [[loaded], stamps] = await Promise.all([
    withLinesAndPickups(input.db, [row]),
    stampsEarnedByOrder(input.db, [row.id]),
  ]);
  const order = toOrder(loaded!, stamps.get(row.id) ?? 0);
  const paymentUrl =
    payment.mode === "stripe" && row.paymentState === "pending" && row.status !== "cancelled"
      ? await startCardPayment({
          db: input.db,
          payment,
          origin: input.origin,
          row,
          lines: order.lines,
          discounts: await storedDiscounts(input.db, row.id),
        })
      : undefined;
  return {
    response: {
      order,
      ...(paymentUrl ? { paymentUrl } : {}),
      totalChanged:
        input.request.displayedTotalCents !== undefined && input.request.displayedTotalCents !== row.totalCents,
    },
    created: false,
    news: NOTHING_TO_ANNOUNCE,
  };
}
