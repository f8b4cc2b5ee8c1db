/**
 * Orders and what belongs to them: their lines, pickup and history. Only worker/services/orders/
 * writes these tables (the lint rule in eslint.config.js keeps it so).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PICKUP_MODES } from "#common/availability";
import { PRODUCT_SIZES } from "#common/catalog";
import { FULFILMENT_METHODS } from "#common/fulfilment";
import {
  COUNTER_PAYMENT_STATES,
  ORDER_EVENT_ACTORS,
  ORDER_STATUSES,
  PAYMENT_MODES,
  PAYMENT_STATES,
} from "#common/orders";
import { DISCOUNT_KINDS } from "#common/promo-codes";
import { isOneOf } from "#worker/db/checks";
import { createdAt } from "./columns";
import { products } from "./catalog";
import { modifierOptions } from "./modifiers";
import { users } from "./identity";
import { locations } from "./locations";

/**
 * Money given back, as the owner's numbers count it (a refund on the shop's day it was made), each
 * by the instant it was made: a card refund in full at `refunded_at`, part of one from Stripe's
 * dashboard at `partly_refunded_at`, money handed back at the counter at `given_back_at`. The
 * reports use these very texts, so the partial indexes below serve them.
 */
export const CARD_REFUND_SQL = "payment_state = 'refunded'";
export const PARTIAL_REFUND_SQL = "partly_refunded_cents > 0";
export const GIVEN_BACK_SQL = "payment_state = 'given_back'";

/** An order a discount took money off: the numbers' codes table reads only these, by this text. */
export const DISCOUNTED_SQL = "discount_cents > 0";

export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "restrict" }),
    /** The fulfilment status; the allowed moves are in common/order-lifecycle.ts. */
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    paymentMode: text("payment_mode", { enum: PAYMENT_MODES }).notNull(),
    paymentState: text("payment_state", { enum: PAYMENT_STATES }).notNull(),
    totalCents: integer("total_cents").notNull(),
    /**
     * The drinks with their add-ons, as priced when the order was placed (the sum of its lines):
     * the owner's numbers count it as gross sales. Included in totalCents, which adds the delivery
     * fee and the tip (common/order-total.ts). The default is only what SQLite needs to add a
     * NOT NULL column; placing always writes it.
     */
    subtotalCents: integer("subtotal_cents").notNull().default(0),
    /**
     * What the order's discounts (order_discounts) take off the subtotal, together: totalCents is
     * the subtotal less this, plus the delivery fee and the tip (common/order-total.ts).
     */
    discountCents: integer("discount_cents").notNull().default(0),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    phone: text("phone").notNull(),
    idempotencyKey: text("idempotency_key"),
    /** SHA-256 of the submission's lines and phone: a reused Idempotency-Key must bring the same cart. */
    requestHash: text("request_hash"),
    stripeSessionId: text("stripe_session_id"),
    /** What a refund is made against; set when Stripe says the order is paid. */
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    stripeRefundId: text("stripe_refund_id"),
    /** What the shop told the customer when it cancelled the order. */
    cancelReason: text("cancel_reason"),
    createdAt: createdAt(),
    updatedAt: text("updated_at").notNull(),
    paidAt: text("paid_at"),
    refundedAt: text("refunded_at"),
    fulfilment: text("fulfilment", { enum: FULFILMENT_METHODS }).notNull().default("pickup"),
    /** Where the order goes: the delivery address, or the shop's address for a pickup (as it was when placed). */
    fulfilmentAddress: text("fulfilment_address").notNull().default(""),
    /** Included in totalCents; 0 for a pickup. */
    deliveryFeeCents: integer("delivery_fee_cents").notNull().default(0),
    /** The shopper's tip, included in totalCents: a percentage of the drinks' subtotal or their own amount. */
    tipCents: integer("tip_cents").notNull().default(0),
    /**
     * What Stripe has refunded of the card payment, in cents: a refund made outside the app may be
     * partial (the order stays paid, the board shows it); the whole total makes it `refunded`.
     */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /**
     * Of it, what was refunded while the order stayed paid (from Stripe's dashboard), and when the
     * latest such refund was made: the owner's numbers count it on that day, and a full refund
     * later only for the rest.
     */
    partlyRefundedCents: integer("partly_refunded_cents").notNull().default(0),
    partlyRefundedAt: text("partly_refunded_at"),
    /** When the money paid at the counter was handed back (its history row says who). */
    givenBackAt: text("given_back_at"),
  },
  (table) => [
    // A user's order history, newest first.
    index("orders_user_created_idx").on(table.userId, table.createdAt),
    // A retried submission finds the order it already made.
    uniqueIndex("orders_user_idempotency_key_idx").on(table.userId, table.idempotencyKey),
    index("orders_stripe_session_idx").on(table.stripeSessionId),
    // charge.refunded names the payment intent.
    index("orders_stripe_payment_intent_idx").on(table.stripePaymentIntentId),
    // The board's query: a location's open orders, oldest first.
    index("orders_location_status_created_idx").on(table.locationId, table.status, table.createdAt),
    // The owner's numbers: a shop's sales by the instant they were placed (with every column the
    // report adds up, so a year is read from the index alone), and its refunds by theirs.
    index("orders_location_created_idx").on(
      table.locationId,
      table.createdAt,
      table.status,
      table.paymentState,
      table.paymentMode,
      table.fulfilment,
      table.totalCents,
      table.subtotalCents,
      table.discountCents,
      table.tipCents,
      table.deliveryFeeCents,
      table.id,
    ),
    index("orders_location_card_refund_idx").on(table.locationId, table.refundedAt).where(sql.raw(CARD_REFUND_SQL)),
    index("orders_location_partial_refund_idx")
      .on(table.locationId, table.partlyRefundedAt)
      .where(sql.raw(PARTIAL_REFUND_SQL)),
    index("orders_location_given_back_idx").on(table.locationId, table.givenBackAt).where(sql.raw(GIVEN_BACK_SQL)),
    index("orders_location_discounted_idx").on(table.locationId, table.createdAt).where(sql.raw(DISCOUNTED_SQL)),
    check("orders_total_non_negative", sql`${table.totalCents} >= 0`),
    check("orders_fulfilment_known", isOneOf(table.fulfilment, FULFILMENT_METHODS)),
    check("orders_delivery_fee_non_negative", sql`${table.deliveryFeeCents} >= 0`),
    check("orders_tip_non_negative", sql`${table.tipCents} >= 0`),
    check("orders_status_known", isOneOf(table.status, ORDER_STATUSES)),
    check("orders_payment_mode_known", isOneOf(table.paymentMode, PAYMENT_MODES)),
    check("orders_payment_state_known", isOneOf(table.paymentState, PAYMENT_STATES)),
    check(
      "orders_pickup_payment_not_required",
      sql`${table.paymentMode} = 'stripe' OR ${isOneOf(table.paymentState, COUNTER_PAYMENT_STATES)}`,
    ),
    check("orders_refunded_non_negative", sql`${table.refundedCents} >= 0`),
  ],
);

/**
 * Money taken off an order's drinks, one row per discount (a promo code now, a loyalty reward
 * next), numbered within the order; `orders.discount_cents` is their sum.
 */
export const orderDiscounts = sqliteTable(
  "order_discounts",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind", { enum: DISCOUNT_KINDS }).notNull(),
    /** What the shopper and the owner read: the code for a promo ("WELCOME10"). */
    name: text("name").notNull(),
    amountCents: integer("amount_cents").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position] }),
    check("order_discounts_kind_known", isOneOf(table.kind, DISCOUNT_KINDS)),
    check("order_discounts_amount_positive", sql`${table.amountCents} > 0`),
  ],
);

/**
 * Each line's share of a discount: the line is `order_items`' `line_index`-th line of the order
 * (by id), as for its options. A discount's shares add up to its amount.
 */
export const orderDiscountLines = sqliteTable(
  "order_discount_lines",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    lineIndex: integer("line_index").notNull(),
    amountCents: integer("amount_cents").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position, table.lineIndex] }),
    check("order_discount_lines_amount_positive", sql`${table.amountCents} > 0`),
  ],
);

/** What was bought, as it was at order time: later menu edits do not rewrite history. */
export const orderItems = sqliteTable(
  "order_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    image: text("image").notNull().default(""),
    size: text("size", { enum: PRODUCT_SIZES }).notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    comment: text("comment").notNull().default(""),
  },
  (table) => [
    index("order_items_order_idx").on(table.orderId),
    check("order_items_quantity_positive", sql`${table.quantity} >= 1`),
    check("order_items_unit_price_non_negative", sql`${table.unitPriceCents} >= 0`),
  ],
);

/**
 * The add-on options chosen for a line, as they were at order time (name and price): the line
 * is `order_items`' `line_index`-th line of the order (by id), so the whole order is one batch.
 * The line's `unit_price_cents` already includes them.
 */
export const orderItemOptions = sqliteTable(
  "order_item_options",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    lineIndex: integer("line_index").notNull(),
    position: integer("position").notNull(),
    optionId: text("option_id").references(() => modifierOptions.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** A default choice: shown nowhere, so a line of defaults reads as the plain drink. */
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.lineIndex, table.position] }),
    check("order_item_options_price_non_negative", sql`${table.priceCents} >= 0`),
  ],
);

/**
 * When and where an order is picked up (migrations/0042): the chosen slot's start, or for "as
 * soon as possible" the ready time estimated when it was placed. A trigger refuses a slot
 * that is already full (RAISE 'pickup_slot_full'), which undoes the order's whole batch.
 */
export const orderPickups = sqliteTable(
  "order_pickups",
  {
    orderId: text("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "restrict" }),
    mode: text("mode", { enum: PICKUP_MODES }).notNull(),
    pickupAt: text("pickup_at").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("order_pickups_slot_idx").on(table.locationId, table.mode, table.pickupAt),
    check("order_pickups_mode_known", isOneOf(table.mode, PICKUP_MODES)),
  ],
);

/**
 * The drinks of a pickup-slot order, by the 15-minute slot the counter makes them in
 * (migrations/0045): the order's own slot, then as many slots before it as it needs
 * (common/order-size.ts). A trigger refuses a row that would take a slot past the location's
 * `max_drinks_per_slot` (RAISE 'pickup_slot_drinks_full'), which undoes the order's whole batch;
 * a cancelled order's drinks give their room back.
 */
export const orderSlotDrinks = sqliteTable(
  "order_slot_drinks",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "restrict" }),
    /** The slot's start, as `order_pickups.pickup_at` writes it. */
    slotAt: text("slot_at").notNull(),
    drinks: integer("drinks").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.slotAt] }),
    index("order_slot_drinks_slot_idx").on(table.locationId, table.slotAt),
    check("order_slot_drinks_drinks_positive", sql`${table.drinks} >= 1`),
  ],
);

/** Every change to an order: what it became, who made it, when, and why (a cancellation). */
export const orderEvents = sqliteTable(
  "order_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    previousStatus: text("previous_status", { enum: ORDER_STATUSES }),
    paymentState: text("payment_state", { enum: PAYMENT_STATES }).notNull(),
    actor: text("actor", { enum: ORDER_EVENT_ACTORS }).notNull(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (table) => [
    index("order_events_order_idx").on(table.orderId, table.id),
    check("order_events_status_known", isOneOf(table.status, ORDER_STATUSES)),
    check(
      "order_events_previous_status_known",
      sql`${table.previousStatus} IS NULL OR ${isOneOf(table.previousStatus, ORDER_STATUSES)}`,
    ),
    check("order_events_payment_state_known", isOneOf(table.paymentState, PAYMENT_STATES)),
    check("order_events_actor_known", isOneOf(table.actor, ORDER_EVENT_ACTORS)),
  ],
);
