/**
 * The storefront's D1 tables. Amounts are integer cents; times are ISO-8601 text in UTC
 * so they sort as strings and read the same in SQL, JSON and e-mails.
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

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

export const PRODUCT_SIZES = ["small", "medium", "large", "default"] as const;
export type ProductSize = (typeof PRODUCT_SIZES)[number];

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
    isHidden: integer("is_hidden", { mode: "boolean" }).notNull().default(false),
    isDeleted: integer("is_deleted", { mode: "boolean" }).notNull().default(false),
  },
  (table) => [
    // A category's drinks, visible only, ascending by order.
    index("products_category_visible_order_idx").on(
      table.categoryId,
      table.isDeleted,
      table.isHidden,
      table.order,
    ),
    check("products_rating_range", sql`${table.rating} >= 0 AND ${table.rating} <= 5`),
    check("products_name_not_blank", sql`length(trim(${table.name})) > 0`),
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
    check("product_prices_size_known", sql`${table.size} IN ('small', 'medium', 'large', 'default')`),
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
    check(
      "settings_ad_fees_three_years",
      sql`json_valid(${table.adFees}) AND json_array_length(${table.adFees}) = 3`,
    ),
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

export const AUTH_PROVIDERS = ["google", "apple"] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

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
    check("provider_accounts_provider_known", sql`${table.provider} IN ('google', 'apple')`),
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
  (table) => [
    index("sessions_user_idx").on(table.userId),
    index("sessions_expires_idx").on(table.expiresAt),
  ],
);

export const ORDER_STATUSES = ["pending_payment", "placed", "paid", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_MODES = ["pay_on_pickup", "stripe"] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    paymentMode: text("payment_mode", { enum: PAYMENT_MODES }).notNull(),
    totalCents: integer("total_cents").notNull(),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    phone: text("phone").notNull(),
    idempotencyKey: text("idempotency_key"),
    stripeSessionId: text("stripe_session_id"),
    createdAt: createdAt(),
    updatedAt: text("updated_at").notNull(),
    paidAt: text("paid_at"),
  },
  (table) => [
    // A user's order history, newest first.
    index("orders_user_created_idx").on(table.userId, table.createdAt),
    // A retried submission finds the order it already made.
    uniqueIndex("orders_user_idempotency_key_idx").on(table.userId, table.idempotencyKey),
    index("orders_stripe_session_idx").on(table.stripeSessionId),
    check("orders_total_non_negative", sql`${table.totalCents} >= 0`),
    check(
      "orders_status_known",
      sql`${table.status} IN ('pending_payment', 'placed', 'paid', 'cancelled')`,
    ),
    check("orders_payment_mode_known", sql`${table.paymentMode} IN ('pay_on_pickup', 'stripe')`),
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

export const SUBMISSION_KINDS = ["contact", "partnership"] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

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
    check("form_submissions_kind_known", sql`${table.kind} IN ('contact', 'partnership')`),
    check("form_submissions_payload_json", sql`json_valid(${table.payload})`),
  ],
);

export const EMAIL_STATUSES = ["queued", "sending", "sent", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

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
    check("email_outbox_status_known", sql`${table.status} IN ('queued', 'sending', 'sent', 'failed')`),
    check("email_outbox_attempts_non_negative", sql`${table.attempts} >= 0`),
    check("email_outbox_subject_single_line", sql`instr(${table.subject}, char(10)) = 0 AND instr(${table.subject}, char(13)) = 0`),
  ],
);
