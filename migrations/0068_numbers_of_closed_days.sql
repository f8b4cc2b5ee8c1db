CREATE TABLE `numbers_days` (
	`location_id` text NOT NULL,
	`day` text NOT NULL,
	`day_start` text NOT NULL,
	`day_end` text NOT NULL,
	`generation` integer DEFAULT 0 NOT NULL,
	`version` integer NOT NULL,
	`figures` text,
	PRIMARY KEY(`location_id`, `day`),
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `numbers_days_location_start_idx` ON `numbers_days` (`location_id`,`day_start`);--> statement-breakpoint
-- A change to an order marks its day's kept figures stale: the figures go and the generation moves
-- on, so figures read before the change are never written over it. A day lasts at most 25 hours,
-- which bounds the search of the index to the day or two before the order's instant.
CREATE TRIGGER `numbers_days_order_placed` AFTER INSERT ON `orders`
BEGIN
	UPDATE `numbers_days` SET `generation` = `generation` + 1, `figures` = NULL
	WHERE `location_id` = NEW.`location_id`
		AND `day_start` > strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`created_at`, '-26 hours')
		AND `day_start` <= NEW.`created_at` AND NEW.`created_at` < `day_end`;
END;
--> statement-breakpoint
CREATE TRIGGER `numbers_days_order_changed` AFTER UPDATE ON `orders`
BEGIN
	UPDATE `numbers_days` SET `generation` = `generation` + 1, `figures` = NULL
	WHERE (`location_id` = NEW.`location_id`
			AND `day_start` > strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`created_at`, '-26 hours')
			AND `day_start` <= NEW.`created_at` AND NEW.`created_at` < `day_end`)
		OR (`location_id` = OLD.`location_id`
			AND `day_start` > strftime('%Y-%m-%dT%H:%M:%fZ', OLD.`created_at`, '-26 hours')
			AND `day_start` <= OLD.`created_at` AND OLD.`created_at` < `day_end`);
END;
--> statement-breakpoint
CREATE TRIGGER `numbers_days_order_deleted` AFTER DELETE ON `orders`
BEGIN
	UPDATE `numbers_days` SET `generation` = `generation` + 1, `figures` = NULL
	WHERE `location_id` = OLD.`location_id`
		AND `day_start` > strftime('%Y-%m-%dT%H:%M:%fZ', OLD.`created_at`, '-26 hours')
		AND `day_start` <= OLD.`created_at` AND OLD.`created_at` < `day_end`;
END;
--> statement-breakpoint
-- An order's lines, options and discount shares are written in its batch, after it: each marks
-- its order's day too, so no figures kept in between can miss them.
CREATE TRIGGER `numbers_days_line_added` AFTER INSERT ON `order_items`
BEGIN
	UPDATE `numbers_days` SET `generation` = `generation` + 1, `figures` = NULL
	WHERE `location_id` = (SELECT `location_id` FROM `orders` WHERE `id` = NEW.`order_id`)
		AND `day_start` > strftime('%Y-%m-%dT%H:%M:%fZ', (SELECT `created_at` FROM `orders` WHERE `id` = NEW.`order_id`), '-26 hours')
		AND `day_start` <= (SELECT `created_at` FROM `orders` WHERE `id` = NEW.`order_id`)
		AND (SELECT `created_at` FROM `orders` WHERE `id` = NEW.`order_id`) < `day_end`;
END;
--> statement-breakpoint
CREATE TRIGGER `numbers_days_option_added` AFTER INSERT ON `order_item_options`
BEGIN
	UPDATE `numbers_days` SET `generation` = `generation` + 1, `figures` = NULL
	WHERE `location_id` = (SELECT `location_id` FROM `orders` WHERE `id` = NEW.`order_id`)
		AND `day_start` > strftime('%Y-%m-%dT%H:%M:%fZ', (SELECT `created_at` FROM `orders` WHERE `id` = NEW.`order_id`), '-26 hours')
		AND `day_start` <= (SELECT `created_at` FROM `orders` WHERE `id` = NEW.`order_id`)
		AND (SELECT `created_at` FROM `orders` WHERE `id` = NEW.`order_id`) < `day_end`;
END;
--> statement-breakpoint
CREATE TRIGGER `numbers_days_discount_share_added` AFTER INSERT ON `order_discount_lines`
BEGIN
	UPDATE `numbers_days` SET `generation` = `generation` + 1, `figures` = NULL
	WHERE `location_id` = (SELECT `location_id` FROM `orders` WHERE `id` = NEW.`order_id`)
		AND `day_start` > strftime('%Y-%m-%dT%H:%M:%fZ', (SELECT `created_at` FROM `orders` WHERE `id` = NEW.`order_id`), '-26 hours')
		AND `day_start` <= (SELECT `created_at` FROM `orders` WHERE `id` = NEW.`order_id`)
		AND (SELECT `created_at` FROM `orders` WHERE `id` = NEW.`order_id`) < `day_end`;
END;
