-- One order lifecycle kept apart from payment, orders at a location, and each order's history.
--
-- `status` now holds the fulfilment state (received → preparing → ready → completed, or
-- cancelled) and `payment_state` the money (not_required, pending, paid, refunded). SQLite
-- cannot change a CHECK in place, so the table is rebuilt. Dropping the old table would run its
-- ON DELETE actions (order lines deleted, e-mail and payment-event links cleared), so those
-- rows and links are kept aside first and put back after the new table takes the old name.
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
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "orders_total_non_negative" CHECK("total_cents" >= 0),
	CONSTRAINT "orders_status_known" CHECK("status" IN ('received', 'preparing', 'ready', 'completed', 'cancelled')),
	CONSTRAINT "orders_payment_mode_known" CHECK("payment_mode" IN ('pay_on_pickup', 'stripe')),
	CONSTRAINT "orders_payment_state_known" CHECK("payment_state" IN ('not_required', 'pending', 'paid', 'refunded')),
	CONSTRAINT "orders_pickup_payment_not_required" CHECK("payment_mode" = 'stripe' OR "payment_state" = 'not_required')
);
--> statement-breakpoint
-- Existing orders: all at the one shop. Those older than half a day were long since handed over
-- (there was no board to say so): completed, so the board does not open with yesterday's orders.
INSERT INTO `orders_new` (
	`id`, `user_id`, `location_id`, `status`, `payment_mode`, `payment_state`, `total_cents`, `customer_name`,
	`customer_email`, `phone`, `idempotency_key`, `request_hash`, `stripe_session_id`, `created_at`, `updated_at`, `paid_at`
)
SELECT
	`id`, `user_id`, 'loc-anaheim',
	CASE
		WHEN `status` = 'cancelled' THEN 'cancelled'
		WHEN `status` = 'pending_payment' THEN 'received'
		WHEN `created_at` < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-12 hours') THEN 'completed'
		ELSE 'received'
	END,
	`payment_mode`,
	CASE
		WHEN `payment_mode` = 'pay_on_pickup' THEN 'not_required'
		WHEN `status` = 'paid' THEN 'paid'
		WHEN `status` = 'pending_payment' THEN 'pending'
		-- A card order that lapsed unpaid: nothing is owed any more.
		ELSE 'not_required'
	END,
	`total_cents`, `customer_name`, `customer_email`, `phone`, `idempotency_key`, `request_hash`, `stripe_session_id`,
	`created_at`, `updated_at`, `paid_at`
FROM `orders`;
--> statement-breakpoint
CREATE TABLE `order_items_kept` AS SELECT * FROM `order_items`;
--> statement-breakpoint
CREATE TABLE `email_outbox_order_links_kept` AS SELECT `id`, `order_id` FROM `email_outbox` WHERE `order_id` IS NOT NULL;
--> statement-breakpoint
CREATE TABLE `payment_events_order_links_kept` AS SELECT `id`, `order_id` FROM `payment_events` WHERE `order_id` IS NOT NULL;
--> statement-breakpoint
DROP TABLE `orders`;
--> statement-breakpoint
ALTER TABLE `orders_new` RENAME TO `orders`;
--> statement-breakpoint
INSERT INTO `order_items` SELECT * FROM `order_items_kept` WHERE true
	ON CONFLICT (`id`) DO NOTHING;
--> statement-breakpoint
UPDATE `email_outbox` SET `order_id` = (SELECT `kept`.`order_id` FROM `email_outbox_order_links_kept` AS `kept` WHERE `kept`.`id` = `email_outbox`.`id`)
	WHERE `id` IN (SELECT `id` FROM `email_outbox_order_links_kept`);
--> statement-breakpoint
UPDATE `payment_events` SET `order_id` = (SELECT `kept`.`order_id` FROM `payment_events_order_links_kept` AS `kept` WHERE `kept`.`id` = `payment_events`.`id`)
	WHERE `id` IN (SELECT `id` FROM `payment_events_order_links_kept`);
--> statement-breakpoint
DROP TABLE `order_items_kept`;
--> statement-breakpoint
DROP TABLE `email_outbox_order_links_kept`;
--> statement-breakpoint
DROP TABLE `payment_events_order_links_kept`;
--> statement-breakpoint
CREATE INDEX `orders_user_created_idx` ON `orders` (`user_id`,`created_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_user_idempotency_key_idx` ON `orders` (`user_id`,`idempotency_key`);
--> statement-breakpoint
CREATE INDEX `orders_stripe_session_idx` ON `orders` (`stripe_session_id`);
--> statement-breakpoint
CREATE INDEX `orders_stripe_payment_intent_idx` ON `orders` (`stripe_payment_intent_id`);
--> statement-breakpoint
-- The board's query: a location's open orders, oldest first.
CREATE INDEX `orders_location_status_created_idx` ON `orders` (`location_id`,`status`,`created_at`);
--> statement-breakpoint
-- Every change to an order: what it became, who made it and when (and why, for a cancellation).
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
	CONSTRAINT "order_events_payment_state_known" CHECK("order_events"."payment_state" IN ('not_required', 'pending', 'paid', 'refunded')),
	CONSTRAINT "order_events_actor_known" CHECK("order_events"."actor" IN ('customer', 'staff', 'payment_provider'))
);
--> statement-breakpoint
CREATE INDEX `order_events_order_idx` ON `order_events` (`order_id`,`id`);
--> statement-breakpoint
-- The history of an existing order starts with the customer placing it.
INSERT INTO `order_events` (`order_id`, `status`, `previous_status`, `payment_state`, `actor`, `actor_user_id`, `created_at`)
SELECT `id`, 'received', NULL, CASE WHEN `payment_state` = 'paid' THEN 'pending' ELSE `payment_state` END, 'customer', `user_id`, `created_at`
FROM `orders`;
