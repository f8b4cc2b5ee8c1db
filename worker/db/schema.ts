/**
 * The storefront's D1 tables. Amounts are integer cents; times are ISO-8601 text in UTC
 * so they sort as strings and read the same in SQL, JSON and e-mails.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { AVAILABILITY_EVENT_KINDS, PICKUP_MODES, SOLD_OUT_SCOPES } from "#common/availability";
import { AUTH_PROVIDERS } from "#common/auth-providers";
import { PRODUCT_SIZES } from "#common/catalog";
import { EMAIL_STATUSES } from "#common/email-outbox";
import { ORDER_EVENT_ACTORS, ORDER_STATUSES, PAYMENT_MODES, PAYMENT_STATES } from "#common/orders";
import { SUBMISSION_KINDS } from "#common/submissions";
import { STAFF_ROLES } from "#common/staff";
import { FULFILMENT_METHODS } from "#common/fulfilment";
import { isOneOf } from "./checks";

const createdAt = () =>
  text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);

export const categories = sqliteTable(
  "categories",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    image: text("image").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    isHidden: integer("is_hidden", { mode: "boolean" }).notNull().default(false),
    isDeleted: integer("is_deleted", { mode: "boolean" }).notNull().default(false),
  },
  (table) => [
    // The menu lists visible categories in menu order.
    index("categories_visible_order_idx").on(table.isDeleted, table.isHidden, table.sortOrder),
    check("categories_name_not_blank", sql`length(trim(${table.name})) > 0`),
  ],
);

export const products = sqliteTable(
  "products",
  {
    id: text("id").primaryKey(),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    image: text("image").notNull(),
    description: text("description").notNull().default(""),
    rating: real("rating").notNull().default(0),
    /** Two CSS colours, "from,to", that tint the drink's card and illustration. */
    gradient: text("gradient").notNull(),
    sizeSelection: integer("size_selection", { mode: "boolean" }).notNull().default(false),
    order: integer("order").notNull().default(0),
    /** Minutes one of these takes at the counter; NULL uses the location's default (migrations/0041). */
    prepMinutes: integer("prep_minutes"),
    isHidden: integer("is_hidden", { mode: "boolean" }).notNull().default(false),
    isDeleted: integer("is_deleted", { mode: "boolean" }).notNull().default(false),
    /** The main ingredients, a JSON array of names ("orange", "ginger"); the illustration draws them. */
    ingredients: text("ingredients").notNull().default("[]"),
    /** A short nutrition line ("110 kcal · 22 g sugar"); empty when not known. */
    nutrition: text("nutrition").notNull().default(""),
    /** Shown among the popular drinks on the home page. */
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
  },
  (table) => [
    // A category's drinks, visible only, ascending by order.
    index("products_category_visible_order_idx").on(table.categoryId, table.isDeleted, table.isHidden, table.order),
    check("products_rating_range", sql`${table.rating} >= 0 AND ${table.rating} <= 5`),
    check("products_name_not_blank", sql`length(trim(${table.name})) > 0`),
    check("products_prep_minutes_range", sql`${table.prepMinutes} IS NULL OR ${table.prepMinutes} BETWEEN 1 AND 240`),
    check(
      "products_ingredients_json_array",
      sql`json_valid(${table.ingredients}) AND json_type(${table.ingredients}) = 'array'`,
    ),
  ],
);

export const productPrices = sqliteTable(
  "product_prices",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size", { enum: PRODUCT_SIZES }).notNull(),
    priceCents: integer("price_cents").notNull(),
    discountedPriceCents: integer("discounted_price_cents"),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.size] }),
    check("product_prices_size_known", isOneOf(table.size, PRODUCT_SIZES)),
    check("product_prices_price_non_negative", sql`${table.priceCents} >= 0`),
    check(
      "product_prices_discount_is_real",
      sql`${table.discountedPriceCents} IS NULL OR (${table.discountedPriceCents} >= 0 AND ${table.discountedPriceCents} < ${table.priceCents})`,
    ),
  ],
);

/**
 * Settings documents. The franchise record holds JSON arrays; the API validates them on
 * read, and the CHECKs stop an admin's SQL from storing something the page cannot show.
 */
export const settings = sqliteTable(
  "settings",
  {
    id: text("id").primaryKey(),
    sortOrder: integer("sort_order").notNull().default(0),
    royaltyFees: text("royalty_fees").notNull(),
    adFees: text("ad_fees").notNull(),
    netWorthOptions: text("net_worth_options").notNull(),
    liquidCapitalOptions: text("liquid_capital_options").notNull(),
  },
  (table) => [
    check(
      "settings_royalty_fees_three_years",
      sql`json_valid(${table.royaltyFees}) AND json_array_length(${table.royaltyFees}) = 3`,
    ),
    check("settings_ad_fees_three_years", sql`json_valid(${table.adFees}) AND json_array_length(${table.adFees}) = 3`),
    check("settings_net_worth_json", sql`json_valid(${table.netWorthOptions})`),
    check("settings_liquid_capital_json", sql`json_valid(${table.liquidCapitalOptions})`),
  ],
);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    username: text("username").notNull().default(""),
    email: text("email").notNull().default(""),
    phone: text("phone"),
    createdAt: createdAt(),
  },
  (table) => [index("users_email_idx").on(table.email)],
);

/** A user is found by provider + subject, never by e-mail alone. */
export const providerAccounts = sqliteTable(
  "provider_accounts",
  {
    provider: text("provider", { enum: AUTH_PROVIDERS }).notNull(),
    subject: text("subject").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.subject] }),
    index("provider_accounts_user_idx").on(table.userId),
    check("provider_accounts_provider_known", isOneOf(table.provider, AUTH_PROVIDERS)),
  ],
);

/** Only the SHA-256 of a session token is stored; the token itself lives in the cookie. */
export const sessions = sqliteTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: text("last_seen_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (table) => [index("sessions_user_idx").on(table.userId), index("sessions_expires_idx").on(table.expiresAt)],
);

/**
 * Sign-in attempts started and not yet used: the callback deletes the row as it reads it, so a
 * state completes at most one sign-in (services/auth/attempt.ts). Keyed on the state's hash.
 */
export const signInAttempts = sqliteTable(
  "sign_in_attempts",
  {
    stateHash: text("state_hash").primaryKey(),
    provider: text("provider", { enum: AUTH_PROVIDERS }).notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (table) => [
    index("sign_in_attempts_expires_idx").on(table.expiresAt),
    check("sign_in_attempts_provider_known", isOneOf(table.provider, AUTH_PROVIDERS)),
  ],
);

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
    check("orders_total_non_negative", sql`${table.totalCents} >= 0`),
    check("orders_fulfilment_known", isOneOf(table.fulfilment, FULFILMENT_METHODS)),
    check("orders_delivery_fee_non_negative", sql`${table.deliveryFeeCents} >= 0`),
    check("orders_status_known", isOneOf(table.status, ORDER_STATUSES)),
    check("orders_payment_mode_known", isOneOf(table.paymentMode, PAYMENT_MODES)),
    check("orders_payment_state_known", isOneOf(table.paymentState, PAYMENT_STATES)),
    check(
      "orders_pickup_payment_not_required",
      sql`${table.paymentMode} = 'stripe' OR ${table.paymentState} IN ('not_required', 'paid_at_counter')`,
    ),
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

/** Stripe event ids already handled, written in the same batch as the change they caused. */
export const paymentEvents = sqliteTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
  processedAt: createdAt(),
});

export const formSubmissions = sqliteTable(
  "form_submissions",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: SUBMISSION_KINDS }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** The validated payload as JSON, exactly as the shop receives it. */
    payload: text("payload").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("form_submissions_kind_created_idx").on(table.kind, table.createdAt),
    check("form_submissions_kind_known", isOneOf(table.kind, SUBMISSION_KINDS)),
    check("form_submissions_payload_json", sql`json_valid(${table.payload})`),
  ],
);

/**
 * Every e-mail is written here in the same batch as what it reports, then delivered.
 * A row leaves `queued` only by being claimed (`sending`), so two senders never send it twice.
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull(),
    claimedAt: text("claimed_at"),
    lastError: text("last_error"),
    submissionId: text("submission_id").references(() => formSubmissions.id, {
      onDelete: "set null",
    }),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    sentAt: text("sent_at"),
  },
  (table) => [
    // The retry run picks due messages by status and time.
    index("email_outbox_due_idx").on(table.status, table.nextAttemptAt),
    index("email_outbox_order_idx").on(table.orderId),
    index("email_outbox_submission_idx").on(table.submissionId),
    check("email_outbox_status_known", isOneOf(table.status, EMAIL_STATUSES)),
    check("email_outbox_attempts_non_negative", sql`${table.attempts} >= 0`),
    check(
      "email_outbox_subject_single_line",
      sql`instr(${table.subject}, char(10)) = 0 AND instr(${table.subject}, char(13)) = 0`,
    ),
  ],
);

/**
 * One row: the menu's version, bumped by triggers on categories, products, product_prices and
 * settings (migrations/0040). The catalog API's edge cache is keyed by it.
 */
export const catalogVersion = sqliteTable(
  "catalog_version",
  {
    id: integer("id").primaryKey(),
    version: integer("version").notNull(),
    changedAt: text("changed_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (table) => [check("catalog_version_single_row", sql`${table.id} = 1`)],
);

// ---------------------------------------------------------------------------------------------
// Opening hours, pickup settings and availability per location (migrations/0041). Hours are
// wall-clock "HH:MM" in the location's time zone; see common/hours/schedule.ts for their rules.

export const locationHours = sqliteTable(
  "location_hours",
  {
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    /** 0 = Sunday … 6 = Saturday. */
    weekday: integer("weekday").notNull(),
    opens: text("opens").notNull(),
    /** Not after `opens`: the interval runs past midnight. */
    closes: text("closes").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.locationId, table.weekday, table.opens] }),
    check("location_hours_weekday_range", sql`${table.weekday} BETWEEN 0 AND 6`),
    check(
      "location_hours_opens_wall_time",
      sql`${table.opens} GLOB '[0-2][0-9]:[0-5][0-9]' AND ${table.opens} < '24:00'`,
    ),
    check(
      "location_hours_closes_wall_time",
      sql`${table.closes} GLOB '[0-2][0-9]:[0-5][0-9]' AND ${table.closes} <= '24:00'`,
    ),
  ],
);

/** Replaces a date's weekly hours: a row without times closes the day. */
export const locationHoursExceptions = sqliteTable(
  "location_hours_exceptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    /** "YYYY-MM-DD" on the location's calendar. */
    date: text("date").notNull(),
    opens: text("opens"),
    closes: text("closes"),
    note: text("note").notNull().default(""),
  },
  (table) => [
    uniqueIndex("location_hours_exceptions_interval_idx").on(
      table.locationId,
      table.date,
      sql`ifnull(${table.opens}, '')`,
    ),
    check("location_hours_exceptions_date", sql`${table.date} GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'`),
    check("location_hours_exceptions_times_together", sql`(${table.opens} IS NULL) = (${table.closes} IS NULL)`),
  ],
);

export const locationPickupSettings = sqliteTable(
  "location_pickup_settings",
  {
    locationId: text("location_id")
      .primaryKey()
      .references(() => locations.id, { onDelete: "cascade" }),
    /** Orders one 15-minute pickup slot takes. */
    slotCapacity: integer("slot_capacity").notNull(),
    /** Minutes a drink takes when the drink has no prep_minutes of its own. */
    defaultPrepMinutes: integer("default_prep_minutes").notNull(),
  },
  (table) => [
    check("location_pickup_settings_capacity_range", sql`${table.slotCapacity} BETWEEN 0 AND 1000`),
    check("location_pickup_settings_prep_range", sql`${table.defaultPrepMinutes} BETWEEN 1 AND 240`),
  ],
);

/** When a ticket on the board turns "waiting" and "late" (common/order-board.ts). */
export const locationBoardSettings = sqliteTable(
  "location_board_settings",
  {
    locationId: text("location_id")
      .primaryKey()
      .references(() => locations.id, { onDelete: "cascade" }),
    warnAfterMinutes: integer("warn_after_minutes").notNull(),
    lateAfterMinutes: integer("late_after_minutes").notNull(),
  },
  (table) => [
    check("location_board_settings_warn_positive", sql`${table.warnAfterMinutes} >= 1`),
    check(
      "location_board_settings_late_after_warn",
      sql`${table.lateAfterMinutes} > ${table.warnAfterMinutes} AND ${table.lateAfterMinutes} <= 240`,
    ),
  ],
);

/** Online ordering paused: until `pausedUntil`, or until resumed when it is null. */
export const orderingPauses = sqliteTable("ordering_pauses", {
  locationId: text("location_id")
    .primaryKey()
    .references(() => locations.id, { onDelete: "cascade" }),
  pausedUntil: text("paused_until"),
  pausedBy: text("paused_by").notNull(),
  pausedAt: text("paused_at").notNull(),
});

export const soldOutItems = sqliteTable(
  "sold_out_items",
  {
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size", { enum: SOLD_OUT_SCOPES }).notNull(),
    markedBy: text("marked_by").notNull(),
    markedAt: text("marked_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.locationId, table.productId, table.size] }),
    check("sold_out_items_size_known", isOneOf(table.size, SOLD_OUT_SCOPES)),
  ],
);

export const availabilityEvents = sqliteTable(
  "availability_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: AVAILABILITY_EVENT_KINDS }).notNull(),
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    size: text("size", { enum: SOLD_OUT_SCOPES }),
    pausedUntil: text("paused_until"),
    actorEmail: text("actor_email").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("availability_events_location_created_idx").on(table.locationId, table.createdAt),
    check("availability_events_kind_known", isOneOf(table.kind, AVAILABILITY_EVENT_KINDS)),
  ],
);

/** The shop's locations (seed/locations.sql). Times are stored in UTC and shown in `timeZone`. */
export const locations = sqliteTable(
  "locations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    phone: text("phone").notNull(),
    /** An IANA time zone, e.g. America/Los_Angeles. */
    timeZone: text("time_zone").notNull(),
    createdAt: createdAt(),
    /** What a delivery from this location costs, in cents. */
    deliveryFeeCents: integer("delivery_fee_cents").notNull().default(0),
  },
  (table) => [
    check("locations_name_not_blank", sql`length(trim(${table.name})) > 0`),
    check("locations_time_zone_not_blank", sql`length(trim(${table.timeZone})) > 0`),
  ],
);

/** Who may use a location's order board: matched by the signed-in user's verified, lower-cased e-mail. */
export const staffMembers = sqliteTable(
  "staff_members",
  {
    email: text("email").primaryKey(),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "restrict" }),
    role: text("role", { enum: STAFF_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("staff_members_location_idx").on(table.locationId),
    check("staff_members_role_known", isOneOf(table.role, STAFF_ROLES)),
    check(
      "staff_members_email_normalized",
      sql`${table.email} = lower(trim(${table.email})) AND instr(${table.email}, '@') > 1`,
    ),
  ],
);

/** The ZIP codes a location delivers to (seed/locations.sql), with the city to print on the address. */
export const deliveryZipCodes = sqliteTable(
  "delivery_zip_codes",
  {
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    zip: text("zip").notNull(),
    city: text("city").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.locationId, table.zip] }),
    check("delivery_zip_codes_zip_five_digits", sql`length(${table.zip}) = 5 AND ${table.zip} NOT GLOB '*[^0-9]*'`),
    check("delivery_zip_codes_city_not_blank", sql`length(trim(${table.city})) > 0`),
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
