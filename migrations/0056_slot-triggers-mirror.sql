-- Hand-written: the four triggers that guard a pickup slot's places and drinks, unchanged, made
-- again with a comment inside each (kept in sqlite_master) naming the function they mirror.
-- tests/worker/slot-triggers.test.ts fails when the two disagree.
DROP TRIGGER `order_pickups_slot_capacity`;
--> statement-breakpoint
CREATE TRIGGER `order_pickups_slot_capacity` BEFORE INSERT ON `order_pickups`
-- Mirrors worker/services/orders/pickup-slots.ts: slotsWithFill's places taken (`full`), counting
-- the orders takesASlot counts.
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
DROP TRIGGER `order_slot_drinks_slot_limit`;
--> statement-breakpoint
CREATE TRIGGER `order_slot_drinks_slot_limit` BEFORE INSERT ON `order_slot_drinks`
-- Mirrors worker/services/orders/pickup-slots.ts: slotsWithFill's drinks taken (`drinksLeft`),
-- counting the orders takesASlot counts.
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
DROP TRIGGER `orders_recall_slot_capacity`;
--> statement-breakpoint
CREATE TRIGGER `orders_recall_slot_capacity` BEFORE UPDATE OF `status` ON `orders`
-- Mirrors worker/services/orders/pickup-slots.ts: slotsWithFill's places taken (`full`), for an
-- order coming back from cancelled (takesASlot again).
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
DROP TRIGGER `orders_recall_slot_drinks`;
--> statement-breakpoint
CREATE TRIGGER `orders_recall_slot_drinks` BEFORE UPDATE OF `status` ON `orders`
-- Mirrors worker/services/orders/pickup-slots.ts: slotsWithFill's drinks taken (`drinksLeft`), for
-- an order coming back from cancelled (takesASlot again).
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
