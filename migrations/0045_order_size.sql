-- No single order takes the day (docs/decisions/0015-order-size.md): each location limits the
-- drinks of one online order and the drinks its counter makes for online orders in one
-- 15-minute slot, and a pickup-time order records the slots its drinks are made in.
--
-- The limits are added as columns (with their checks) rather than by rebuilding the table: the
-- slot triggers read location_pickup_settings, and renaming a rebuilt table under them fails.
ALTER TABLE `location_pickup_settings` ADD `max_drinks_per_order` integer DEFAULT 40 NOT NULL
	CONSTRAINT "location_pickup_settings_order_drinks_range" CHECK("max_drinks_per_order" BETWEEN 1 AND 1000);
--> statement-breakpoint
ALTER TABLE `location_pickup_settings` ADD `max_drinks_per_slot` integer DEFAULT 12 NOT NULL
	CONSTRAINT "location_pickup_settings_slot_drinks_range" CHECK("max_drinks_per_slot" BETWEEN 1 AND 1000);
--> statement-breakpoint
-- A migration that rebuilds `orders` (as 0043 did) must keep these rows aside and put them back,
-- as it does order_pickups: dropping `orders` deletes them.
CREATE TABLE `order_slot_drinks` (
	`order_id` text NOT NULL,
	`location_id` text NOT NULL,
	`slot_at` text NOT NULL,
	`drinks` integer NOT NULL,
	PRIMARY KEY(`order_id`, `slot_at`),
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "order_slot_drinks_drinks_positive" CHECK("order_slot_drinks"."drinks" >= 1)
);
--> statement-breakpoint
CREATE INDEX `order_slot_drinks_slot_idx` ON `order_slot_drinks` (`location_id`,`slot_at`);
--> statement-breakpoint
-- A slot is never promised more drinks than the location's max_drinks_per_slot, however many
-- shoppers race for its last room: D1 runs one write at a time, so the second insert counts the
-- first and aborts, and with it the whole batch that would have placed its order. A cancelled
-- order gives its drinks back.
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
