-- Opening hours, pickup settings and what the counter can take right now, per location.
-- Hours and settings are filled by SQL like the menu (seed/opening-hours.sql); pauses and
-- sold-out marks are written by the staff from the board, each with who and when.

-- The weekly schedule: wall-clock "HH:MM" in the location's time zone. A closing time not
-- after the opening time runs past midnight; an interval belongs to the day it opens.
CREATE TABLE `location_hours` (
	`location_id` text NOT NULL,
	`weekday` integer NOT NULL,
	`opens` text NOT NULL,
	`closes` text NOT NULL,
	PRIMARY KEY(`location_id`, `weekday`, `opens`),
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "location_hours_weekday_range" CHECK("location_hours"."weekday" BETWEEN 0 AND 6),
	CONSTRAINT "location_hours_opens_wall_time" CHECK("location_hours"."opens" GLOB '[0-2][0-9]:[0-5][0-9]' AND "location_hours"."opens" < '24:00'),
	CONSTRAINT "location_hours_closes_wall_time" CHECK("location_hours"."closes" GLOB '[0-2][0-9]:[0-5][0-9]' AND "location_hours"."closes" <= '24:00')
);
--> statement-breakpoint
-- A dated exception replaces that day's weekly hours: one row without times closes the day,
-- rows with times are the day's special intervals.
CREATE TABLE `location_hours_exceptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`location_id` text NOT NULL,
	`date` text NOT NULL,
	`opens` text,
	`closes` text,
	`note` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "location_hours_exceptions_date" CHECK("location_hours_exceptions"."date" GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
	CONSTRAINT "location_hours_exceptions_times_together" CHECK(("location_hours_exceptions"."opens" IS NULL) = ("location_hours_exceptions"."closes" IS NULL)),
	CONSTRAINT "location_hours_exceptions_opens_wall_time" CHECK("location_hours_exceptions"."opens" IS NULL OR ("location_hours_exceptions"."opens" GLOB '[0-2][0-9]:[0-5][0-9]' AND "location_hours_exceptions"."opens" < '24:00')),
	CONSTRAINT "location_hours_exceptions_closes_wall_time" CHECK("location_hours_exceptions"."closes" IS NULL OR ("location_hours_exceptions"."closes" GLOB '[0-2][0-9]:[0-5][0-9]' AND "location_hours_exceptions"."closes" <= '24:00'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `location_hours_exceptions_interval_idx` ON `location_hours_exceptions` (`location_id`, `date`, ifnull(`opens`, ''));
--> statement-breakpoint
-- How many orders one 15-minute pickup slot takes, and how long a drink takes when the
-- drink itself does not say (products.prep_minutes).
CREATE TABLE `location_pickup_settings` (
	`location_id` text PRIMARY KEY NOT NULL,
	`slot_capacity` integer NOT NULL,
	`default_prep_minutes` integer NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "location_pickup_settings_capacity_range" CHECK("location_pickup_settings"."slot_capacity" BETWEEN 0 AND 1000),
	CONSTRAINT "location_pickup_settings_prep_range" CHECK("location_pickup_settings"."default_prep_minutes" BETWEEN 1 AND 240)
);
--> statement-breakpoint
ALTER TABLE `products` ADD `prep_minutes` integer CONSTRAINT "products_prep_minutes_range" CHECK("prep_minutes" IS NULL OR "prep_minutes" BETWEEN 1 AND 240);
--> statement-breakpoint
-- Online ordering paused by the staff: until `paused_until`, or until resumed when it is NULL.
-- Resuming deletes the row; availability_events keeps the history.
CREATE TABLE `ordering_pauses` (
	`location_id` text PRIMARY KEY NOT NULL,
	`paused_until` text,
	`paused_by` text NOT NULL,
	`paused_at` text NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- A drink (size 'all') or one of its sizes the counter has run out of at a location.
CREATE TABLE `sold_out_items` (
	`location_id` text NOT NULL,
	`product_id` text NOT NULL,
	`size` text NOT NULL,
	`marked_by` text NOT NULL,
	`marked_at` text NOT NULL,
	PRIMARY KEY(`location_id`, `product_id`, `size`),
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sold_out_items_size_known" CHECK("sold_out_items"."size" IN ('all', 'small', 'medium', 'large', 'default'))
);
--> statement-breakpoint
-- Every pause, resume, sold-out mark and its undo: who and when.
CREATE TABLE `availability_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`location_id` text NOT NULL,
	`kind` text NOT NULL,
	`product_id` text,
	`size` text,
	`paused_until` text,
	`actor_email` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "availability_events_kind_known" CHECK("availability_events"."kind" IN ('paused', 'resumed', 'sold_out', 'back_on_menu'))
);
--> statement-breakpoint
CREATE INDEX `availability_events_location_created_idx` ON `availability_events` (`location_id`, `created_at`);
