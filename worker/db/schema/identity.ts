/**
 * Who someone is: users, the provider accounts they sign in with, their sign-in sessions, sign-
 * ins under way, and who is on a location's staff.
 */
import { sql } from "drizzle-orm";
import { check, index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { AUTH_PROVIDERS } from "#common/auth-providers";
import { STAFF_ROLES } from "#common/staff";
import { isOneOf } from "#worker/db/checks";
import { createdAt } from "./columns";
import { locations } from "./locations";

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    username: text("username").notNull().default(""),
    email: text("email").notNull().default(""),
    phone: text("phone"),
    createdAt: createdAt(),
    /** The shop the shopper chose (PUT /api/shop-choice); NULL until they choose one. */
    locationId: text("location_id").references(() => locations.id, { onDelete: "set null" }),
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

/**
 * Who belongs to which shop, and as what: one row per e-mail and shop, matched by the signed-in
 * user's verified, lower-cased e-mail. An `owner` belongs to every shop; their row's shop is the
 * one the staff pages open first.
 */
export const staffMembers = sqliteTable(
  "staff_members",
  {
    email: text("email").notNull(),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "restrict" }),
    role: text("role", { enum: STAFF_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.email, table.locationId] }),
    index("staff_members_location_idx").on(table.locationId),
    check("staff_members_role_known", isOneOf(table.role, STAFF_ROLES)),
    check(
      "staff_members_email_normalized",
      sql`${table.email} = lower(trim(${table.email})) AND instr(${table.email}, '@') > 1`,
    ),
  ],
);
