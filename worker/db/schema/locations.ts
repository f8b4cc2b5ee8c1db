/**
 * The shop's locations: where they are, their opening hours, pickup settings and the ZIP codes
 * they deliver to. Hours are wall-clock "HH:MM" in the location's time zone; see
 * common/hours/schedule.ts for their rules.
 */
import { sql } from "drizzle-orm";
import { check, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

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
    /**
     * The shop's part of its URL (/locations/<slug>): lower-case letters, digits and hyphens
     * (triggers of migrations/0057 keep the form).
     */
    slug: text("slug").notNull().default(""),
    /** Where the shop stands (WGS 84 degrees), for sorting shops by distance. */
    latitude: real("latitude").notNull().default(0),
    longitude: real("longitude").notNull().default(0),
    /** The shop's inbox for its order e-mails; NULL sends them to the company's (SHOP_EMAIL). */
    orderInbox: text("order_inbox"),
    /** Whether shoppers can order from this shop online (a shop being set up does not yet). */
    takesOnlineOrders: integer("takes_online_orders", { mode: "boolean" }).notNull().default(true),
    /**
     * The shop's first day of trade on its calendar, "YYYY-MM-DD" (seed/locations.sql); NULL when
     * not written. Nothing is older: `npm run seed:history` writes no order before it.
     */
    openedOn: text("opened_on"),
  },
  (table) => [
    check("locations_name_not_blank", sql`length(trim(${table.name})) > 0`),
    check("locations_time_zone_not_blank", sql`length(trim(${table.timeZone})) > 0`),
    check("locations_latitude_range", sql`${table.latitude} BETWEEN -90 AND 90`),
    check("locations_longitude_range", sql`${table.longitude} BETWEEN -180 AND 180`),
    uniqueIndex("locations_slug_idx").on(table.slug),
  ],
);

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
    /** Drinks one online order may have (common/order-size.ts); more is `order_too_large`. */
    maxDrinksPerOrder: integer("max_drinks_per_order").notNull().default(40),
    /** Drinks the counter makes for online orders in one 15-minute slot. */
    maxDrinksPerSlot: integer("max_drinks_per_slot").notNull().default(12),
    /**
     * Drinks all accounts that have never had an order completed may hold together in open,
     * unpaid orders at this shop (worker/services/orders/open-drinks.ts); past it, `shop_busy`.
     */
    maxNewAccountUnpaidDrinks: integer("max_new_account_unpaid_drinks").notNull().default(30),
  },
  (table) => [
    check("location_pickup_settings_capacity_range", sql`${table.slotCapacity} BETWEEN 0 AND 1000`),
    check("location_pickup_settings_prep_range", sql`${table.defaultPrepMinutes} BETWEEN 1 AND 240`),
    check("location_pickup_settings_order_drinks_range", sql`${table.maxDrinksPerOrder} BETWEEN 1 AND 1000`),
    check("location_pickup_settings_slot_drinks_range", sql`${table.maxDrinksPerSlot} BETWEEN 1 AND 1000`),
    check(
      "location_pickup_settings_new_account_drinks_range",
      sql`${table.maxNewAccountUnpaidDrinks} BETWEEN 0 AND 100000`,
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

/**
 * Where each US ZIP code lies (its centroid, WGS 84 degrees), for "nearest shop first" without
 * asking anyone outside: seed/zip-centroids.sql, written by scripts/zip-centroids.mjs.
 */
export const zipCentroids = sqliteTable(
  "zip_centroids",
  {
    zip: text("zip").primaryKey(),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
  },
  (table) => [
    check("zip_centroids_zip_five_digits", sql`length(${table.zip}) = 5 AND ${table.zip} NOT GLOB '*[^0-9]*'`),
    check("zip_centroids_latitude_range", sql`${table.latitude} BETWEEN -90 AND 90`),
    check("zip_centroids_longitude_range", sql`${table.longitude} BETWEEN -180 AND 180`),
  ],
);
