-- When and where each order is picked up: a 15-minute slot the shopper chose, or as soon as
-- possible with the ready time estimated when it was placed. Kept beside the order (one row
-- per order) so a slot's fill is one indexed count.
CREATE TABLE `order_pickups` (
	`order_id` text PRIMARY KEY NOT NULL,
	`location_id` text NOT NULL,
	`mode` text NOT NULL,
	`pickup_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "order_pickups_mode_known" CHECK("order_pickups"."mode" IN ('asap', 'slot'))
);
--> statement-breakpoint
CREATE INDEX `order_pickups_slot_idx` ON `order_pickups` (`location_id`, `mode`, `pickup_at`);
--> statement-breakpoint
-- A slot never takes more orders than the location's slot_capacity, however many shoppers race
-- for its last place: D1 runs one write at a time, so the second insert counts the first and
-- aborts, and with it the whole batch that would have placed its order. A cancelled order
-- gives its place back.
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
