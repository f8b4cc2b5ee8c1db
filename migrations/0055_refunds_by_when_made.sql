-- The owner's numbers count each refund on the shop's day it was made
-- (docs/decisions/0024-the-owners-numbers.md): part of a card payment refunded from Stripe's
-- dashboard (`partly_refunded_cents`, at `partly_refunded_at`) and money handed back at the
-- counter (`given_back_at`) now record when, instead of being read from `updated_at`.
DROP INDEX `orders_location_counter_refund_idx`;--> statement-breakpoint
ALTER TABLE `orders` ADD `partly_refunded_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `partly_refunded_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `given_back_at` text;--> statement-breakpoint
CREATE INDEX `orders_location_partial_refund_idx` ON `orders` (`location_id`,`partly_refunded_at`) WHERE partly_refunded_cents > 0;--> statement-breakpoint
CREATE INDEX `orders_location_given_back_idx` ON `orders` (`location_id`,`given_back_at`) WHERE payment_state = 'given_back';
--> statement-breakpoint
-- Hand-written: orders written before these columns. Money given back: the instant of the history
-- row that recorded it (its who and when).
UPDATE `orders` SET `given_back_at` = coalesce(
	(SELECT min(`e`.`created_at`) FROM `order_events` AS `e` WHERE `e`.`order_id` = `orders`.`id` AND `e`.`payment_state` = 'given_back'),
	`updated_at`
) WHERE `payment_state` = 'given_back';
--> statement-breakpoint
-- Hand-written: a paid order partly refunded from Stripe's dashboard, at the latest history row
-- the payment provider wrote for it while it stayed paid (the partial refund's own).
UPDATE `orders` SET `partly_refunded_cents` = `refunded_cents`, `partly_refunded_at` = coalesce(
	(SELECT max(`e`.`created_at`) FROM `order_events` AS `e` WHERE `e`.`order_id` = `orders`.`id` AND `e`.`actor` = 'payment_provider' AND `e`.`payment_state` = 'paid' AND `e`.`reason` IS NOT NULL),
	`updated_at`
) WHERE `payment_state` = 'paid' AND `refunded_cents` > 0;
