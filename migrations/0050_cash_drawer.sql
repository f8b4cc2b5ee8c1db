-- The cash drawer (docs/decisions/0018-cash-drawer.md): two payment states for money at the
-- counter, `not_collected` (handed over unpaid) and `given_back` (paid at the counter, handed back
-- after a cancellation), and `refunded_cents`, what Stripe has refunded (a refund made from
-- Stripe's dashboard may be partial).
--
-- SQLite cannot change a CHECK in place, so `orders` and `order_events` are rebuilt as in 0044:
-- dropping the old `orders` would run its ON DELETE actions (lines, their options, pickups, slot
-- drinks and history deleted, e-mail and payment-event links cleared), so those rows and links
-- are kept aside first and put back after the new table takes the old name; the slot triggers,
-- which would count the rows being put back, are dropped meanwhile and created again as they were.
--
-- Hand-written, at the end: Recall brings a cancelled order's pickup place and drinks back only
-- if they still fit (two triggers on `orders`, the same counts as the insert triggers).
PRAGMA defer_foreign_keys = on;
--> statement-breakpoint
CREATE TABLE `orders_new` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`location_id` text NOT NULL,
	`status` text NOT NULL,
	`payment_mode` text NOT NULL,
	`payment_state` text NOT NULL,
	`total_cents` integer NOT NULL,
	`customer_name` text NOT NULL,
	`customer_email` text NOT NULL,
	`phone` text NOT NULL,
	`idempotency_key` text,
	`request_hash` text,
	`stripe_session_id` text,
	`stripe_payment_intent_id` text,
	`stripe_refund_id` text,
	`cancel_reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text NOT NULL,
	`paid_at` text,
	`refunded_at` text,
	`fulfilment` text DEFAULT 'pickup' NOT NULL,
	`fulfilment_address` text DEFAULT '' NOT NULL,
	`delivery_fee_cents` integer DEFAULT 0 NOT NULL,
	`tip_cents` integer DEFAULT 0 NOT NULL,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "orders_total_non_negative" CHECK("total_cents" >= 0),
	CONSTRAINT "orders_fulfilment_known" CHECK("fulfilment" IN ('pickup', 'delivery')),
	CONSTRAINT "orders_delivery_fee_non_negative" CHECK("delivery_fee_cents" >= 0),
	CONSTRAINT "orders_tip_non_negative" CHECK("tip_cents" >= 0),
	CONSTRAINT "orders_status_known" CHECK("status" IN ('received', 'preparing', 'ready', 'completed', 'cancelled')),
	CONSTRAINT "orders_payment_mode_known" CHECK("payment_mode" IN ('pay_on_pickup', 'stripe')),
	CONSTRAINT "orders_payment_state_known" CHECK("payment_state" IN ('not_required', 'pending', 'paid', 'refund_pending', 'refunded', 'paid_at_counter', 'not_collected', 'given_back')),
	CONSTRAINT "orders_pickup_payment_not_required" CHECK("payment_mode" = 'stripe' OR "payment_state" IN ('not_required', 'paid_at_counter', 'not_collected', 'given_back')),
	CONSTRAINT "orders_refunded_non_negative" CHECK("refunded_cents" >= 0)
);
--> statement-breakpoint
INSERT INTO `orders_new` (
	`id`, `user_id`, `location_id`, `status`, `payment_mode`, `payment_state`, `total_cents`, `customer_name`, `customer_email`, `phone`, `idempotency_key`, `request_hash`, `stripe_session_id`, `stripe_payment_intent_id`, `stripe_refund_id`, `cancel_reason`, `created_at`, `updated_at`, `paid_at`, `refunded_at`, `fulfilment`, `fulfilment_address`, `delivery_fee_cents`, `tip_cents`
)
SELECT
	`id`, `user_id`, `location_id`, `status`, `payment_mode`, `payment_state`, `total_cents`, `customer_name`, `customer_email`, `phone`, `idempotency_key`, `request_hash`, `stripe_session_id`, `stripe_payment_intent_id`, `stripe_refund_id`, `cancel_reason`, `created_at`, `updated_at`, `paid_at`, `refunded_at`, `fulfilment`, `fulfilment_address`, `delivery_fee_cents`, `tip_cents`
FROM `orders`;
--> statement-breakpoint
CREATE TABLE `order_items_kept` AS SELECT * FROM `order_items`;
--> statement-breakpoint
CREATE TABLE `order_item_options_kept` AS SELECT * FROM `order_item_options`;
--> statement-breakpoint
CREATE TABLE `order_pickups_kept` AS SELECT * FROM `order_pickups`;
--> statement-breakpoint
CREATE TABLE `order_slot_drinks_kept` AS SELECT * FROM `order_slot_drinks`;
--> statement-breakpoint
CREATE TABLE `order_events_kept` AS SELECT * FROM `order_events`;
--> statement-breakpoint
CREATE TABLE `email_outbox_order_links_kept` AS SELECT `id`, `order_id` FROM `email_outbox` WHERE `order_id` IS NOT NULL;
--> statement-breakpoint
CREATE TABLE `payment_events_order_links_kept` AS SELECT `id`, `order_id` FROM `payment_events` WHERE `order_id` IS NOT NULL;
--> statement-breakpoint
DROP TRIGGER `order_pickups_slot_capacity`;
--> statement-breakpoint
DROP TRIGGER `order_slot_drinks_slot_limit`;
--> statement-breakpoint
DROP TABLE `order_events`;
--> statement-breakpoint
DROP TABLE `orders`;
--> statement-breakpoint
ALTER TABLE `orders_new` RENAME TO `orders`;
--> statement-breakpoint
CREATE TABLE `order_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` text NOT NULL,
	`status` text NOT NULL,
	`previous_status` text,
	`payment_state` text NOT NULL,
	`actor` text NOT NULL,
	`actor_user_id` text,
	`reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "order_events_status_known" CHECK("order_events"."status" IN ('received', 'preparing', 'ready', 'completed', 'cancelled')),
	CONSTRAINT "order_events_previous_status_known" CHECK("order_events"."previous_status" IS NULL OR "order_events"."previous_status" IN ('received', 'preparing', 'ready', 'completed', 'cancelled')),
	CONSTRAINT "order_events_payment_state_known" CHECK("order_events"."payment_state" IN ('not_required', 'pending', 'paid', 'refund_pending', 'refunded', 'paid_at_counter', 'not_collected', 'given_back')),
	CONSTRAINT "order_events_actor_known" CHECK("order_events"."actor" IN ('customer', 'staff', 'payment_provider'))
);
--> statement-breakpoint
INSERT INTO `order_events` SELECT * FROM `order_events_kept` WHERE true;
--> statement-breakpoint
INSERT INTO `order_items` SELECT * FROM `order_items_kept` WHERE true
	ON CONFLICT (`id`) DO NOTHING;
--> statement-breakpoint
INSERT INTO `order_item_options` SELECT * FROM `order_item_options_kept` WHERE true
	ON CONFLICT (`order_id`, `line_index`, `position`) DO NOTHING;
--> statement-breakpoint
INSERT INTO `order_pickups` SELECT * FROM `order_pickups_kept` WHERE true
	ON CONFLICT (`order_id`) DO NOTHING;
--> statement-breakpoint
INSERT INTO `order_slot_drinks` SELECT * FROM `order_slot_drinks_kept` WHERE true
	ON CONFLICT (`order_id`, `slot_at`) DO NOTHING;
--> statement-breakpoint
UPDATE `email_outbox` SET `order_id` = (SELECT `kept`.`order_id` FROM `email_outbox_order_links_kept` AS `kept` WHERE `kept`.`id` = `email_outbox`.`id`)
	WHERE `id` IN (SELECT `id` FROM `email_outbox_order_links_kept`);
--> statement-breakpoint
UPDATE `payment_events` SET `order_id` = (SELECT `kept`.`order_id` FROM `payment_events_order_links_kept` AS `kept` WHERE `kept`.`id` = `payment_events`.`id`)
	WHERE `id` IN (SELECT `id` FROM `payment_events_order_links_kept`);
--> statement-breakpoint
DROP TABLE `order_items_kept`;
--> statement-breakpoint
DROP TABLE `order_item_options_kept`;
--> statement-breakpoint
DROP TABLE `order_pickups_kept`;
--> statement-breakpoint
DROP TABLE `order_slot_drinks_kept`;
--> statement-breakpoint
DROP TABLE `order_events_kept`;
--> statement-breakpoint
DROP TABLE `email_outbox_order_links_kept`;
--> statement-breakpoint
DROP TABLE `payment_events_order_links_kept`;
--> statement-breakpoint
CREATE INDEX `order_events_order_idx` ON `order_events` (`order_id`,`id`);
--> statement-breakpoint
CREATE INDEX `orders_user_created_idx` ON `orders` (`user_id`,`created_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_user_idempotency_key_idx` ON `orders` (`user_id`,`idempotency_key`);
--> statement-breakpoint
CREATE INDEX `orders_stripe_session_idx` ON `orders` (`stripe_session_id`);
--> statement-breakpoint
CREATE INDEX `orders_stripe_payment_intent_idx` ON `orders` (`stripe_payment_intent_id`);
--> statement-breakpoint
CREATE INDEX `orders_location_status_created_idx` ON `orders` (`location_id`,`status`,`created_at`);
--> statement-breakpoint
CREATE TRIGGER `order_pickups_slot_capacity` BEFORE INSERT ON `order_pickups`
WHEN NEW.`mode` = 'slot' AND (
	SELECT count(*) FROM `order_pickups` AS `taken`
	JOIN `orders` ON `orders`.`id` = `taken`.`order_id`
	WHERE `taken`.`location_id` = NEW.`location_id` AND `taken`.`mode` = 'slot'
		AND `taken`.`pickup_at` = NEW.`pickup_at` AND `orders`.`status` <> 'cancelled'
) >= ifnull((SELECT `slot_capacity` FROM `location_pickup_settings` WHERE `location_id` = NEW.`location_id`), 0)
BEGIN
	SELECT RAISE(ABORT, 'pickup_slot_full');
END;
--> statement-breakpoint
CREATE TRIGGER `order_slot_drinks_slot_limit` BEFORE INSERT ON `order_slot_drinks`
WHEN NEW.`drinks` + (
	SELECT ifnull(sum(`taken`.`drinks`), 0) FROM `order_slot_drinks` AS `taken`
	JOIN `orders` ON `orders`.`id` = `taken`.`order_id`
	WHERE `taken`.`location_id` = NEW.`location_id` AND `taken`.`slot_at` = NEW.`slot_at`
		AND `orders`.`status` <> 'cancelled'
) > ifnull((SELECT `max_drinks_per_slot` FROM `location_pickup_settings` WHERE `location_id` = NEW.`location_id`), 0)
BEGIN
	SELECT RAISE(ABORT, 'pickup_slot_drinks_full');
END;
--> statement-breakpoint
-- Recall (a cancelled order back on the board) takes its pickup place back only while the slot
-- has one: the same count as order_pickups_slot_capacity, made as the status leaves `cancelled`.
-- A new order that took the freed place first wins; the recall's batch is undone.
CREATE TRIGGER `orders_recall_slot_capacity` BEFORE UPDATE OF `status` ON `orders`
WHEN OLD.`status` = 'cancelled' AND NEW.`status` <> 'cancelled' AND EXISTS (
	SELECT 1 FROM `order_pickups` AS `mine`
	WHERE `mine`.`order_id` = NEW.`id` AND `mine`.`mode` = 'slot' AND (
		SELECT count(*) FROM `order_pickups` AS `taken`
		JOIN `orders` AS `other` ON `other`.`id` = `taken`.`order_id`
		WHERE `taken`.`location_id` = `mine`.`location_id` AND `taken`.`mode` = 'slot'
			AND `taken`.`pickup_at` = `mine`.`pickup_at` AND `other`.`status` <> 'cancelled'
			AND `other`.`id` <> NEW.`id`
	) >= ifnull((SELECT `slot_capacity` FROM `location_pickup_settings` WHERE `location_id` = `mine`.`location_id`), 0)
)
BEGIN
	SELECT RAISE(ABORT, 'pickup_slot_full');
END;
--> statement-breakpoint
-- ... and its drinks back into the slots they are made in only while each has room for them (the
-- same sum as order_slot_drinks_slot_limit).
CREATE TRIGGER `orders_recall_slot_drinks` BEFORE UPDATE OF `status` ON `orders`
WHEN OLD.`status` = 'cancelled' AND NEW.`status` <> 'cancelled' AND EXISTS (
	SELECT 1 FROM `order_slot_drinks` AS `mine`
	WHERE `mine`.`order_id` = NEW.`id` AND `mine`.`drinks` + (
		SELECT ifnull(sum(`taken`.`drinks`), 0) FROM `order_slot_drinks` AS `taken`
		JOIN `orders` AS `other` ON `other`.`id` = `taken`.`order_id`
		WHERE `taken`.`location_id` = `mine`.`location_id` AND `taken`.`slot_at` = `mine`.`slot_at`
			AND `other`.`status` <> 'cancelled' AND `other`.`id` <> NEW.`id`
	) > ifnull((SELECT `max_drinks_per_slot` FROM `location_pickup_settings` WHERE `location_id` = `mine`.`location_id`), 0)
)
BEGIN
	SELECT RAISE(ABORT, 'pickup_slot_drinks_full');
END;
