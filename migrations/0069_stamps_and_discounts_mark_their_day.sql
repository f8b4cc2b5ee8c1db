-- A closed day's kept figures now hold its sales' discounts and stamps too
-- (worker/services/orders/reports/closed-days.ts): a discount row or a stamp-card row of an order
-- marks its order's day stale, as its lines do (0068), so a Recall or a refund that takes stamps
-- back from an order of a kept day shows at once.
CREATE TRIGGER `numbers_days_discount_added` AFTER INSERT ON `order_discounts`
BEGIN
	UPDATE `numbers_days` SET `generation` = `generation` + 1, `figures` = NULL
	WHERE `location_id` = (SELECT `location_id` FROM `orders` WHERE `id` = NEW.`order_id`)
		AND `day_start` > strftime('%Y-%m-%dT%H:%M:%fZ', (SELECT `created_at` FROM `orders` WHERE `id` = NEW.`order_id`), '-26 hours')
		AND `day_start` <= (SELECT `created_at` FROM `orders` WHERE `id` = NEW.`order_id`)
		AND (SELECT `created_at` FROM `orders` WHERE `id` = NEW.`order_id`) < `day_end`;
END;
--> statement-breakpoint
CREATE TRIGGER `numbers_days_stamps_written` AFTER INSERT ON `stamp_ledger`
WHEN NEW.`order_id` IS NOT NULL
BEGIN
	UPDATE `numbers_days` SET `generation` = `generation` + 1, `figures` = NULL
	WHERE `location_id` = (SELECT `location_id` FROM `orders` WHERE `id` = NEW.`order_id`)
		AND `day_start` > strftime('%Y-%m-%dT%H:%M:%fZ', (SELECT `created_at` FROM `orders` WHERE `id` = NEW.`order_id`), '-26 hours')
		AND `day_start` <= (SELECT `created_at` FROM `orders` WHERE `id` = NEW.`order_id`)
		AND (SELECT `created_at` FROM `orders` WHERE `id` = NEW.`order_id`) < `day_end`;
END;
