CREATE TABLE `location_not_sold` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`location_id` text NOT NULL,
	`product_id` text,
	`option_id` text,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`option_id`) REFERENCES `modifier_options`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "location_not_sold_drink_or_option" CHECK(("location_not_sold"."product_id" IS NULL) <> ("location_not_sold"."option_id" IS NULL))
);
--> statement-breakpoint
CREATE INDEX `location_not_sold_location_idx` ON `location_not_sold` (`location_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `location_not_sold_drink_idx` ON `location_not_sold` (`location_id`,`product_id`) WHERE "location_not_sold"."product_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `location_not_sold_option_idx` ON `location_not_sold` (`location_id`,`option_id`) WHERE "location_not_sold"."option_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `location_prices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`location_id` text NOT NULL,
	`product_id` text,
	`size` text,
	`option_id` text,
	`price_cents` integer NOT NULL,
	`discounted_price_cents` integer,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`option_id`) REFERENCES `modifier_options`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "location_prices_drink_size_or_option" CHECK(("location_prices"."product_id" IS NOT NULL AND "location_prices"."size" IS NOT NULL AND "location_prices"."option_id" IS NULL) OR ("location_prices"."product_id" IS NULL AND "location_prices"."size" IS NULL AND "location_prices"."option_id" IS NOT NULL)),
	CONSTRAINT "location_prices_size_known" CHECK("location_prices"."size" IS NULL OR "location_prices"."size" IN ('small', 'medium', 'large', 'default')),
	CONSTRAINT "location_prices_price_non_negative" CHECK("location_prices"."price_cents" >= 0),
	CONSTRAINT "location_prices_discount_is_real" CHECK("location_prices"."discounted_price_cents" IS NULL OR ("location_prices"."option_id" IS NULL AND "location_prices"."discounted_price_cents" >= 0 AND "location_prices"."discounted_price_cents" < "location_prices"."price_cents"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `location_prices_drink_idx` ON `location_prices` (`location_id`,`product_id`,`size`) WHERE "location_prices"."product_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `location_prices_option_idx` ON `location_prices` (`location_id`,`option_id`) WHERE "location_prices"."option_id" IS NOT NULL;--> statement-breakpoint
-- Hand-written: a shop's prices and what it does not sell are part of the menu, so every change
-- bumps the catalog's version (as migrations/0040 does for the menu's tables) and the cached menus follow.
CREATE TRIGGER `location_prices_insert_bumps_catalog_version` AFTER INSERT ON `location_prices`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `location_prices_update_bumps_catalog_version` AFTER UPDATE ON `location_prices`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `location_prices_delete_bumps_catalog_version` AFTER DELETE ON `location_prices`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `location_not_sold_insert_bumps_catalog_version` AFTER INSERT ON `location_not_sold`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `location_not_sold_update_bumps_catalog_version` AFTER UPDATE ON `location_not_sold`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `location_not_sold_delete_bumps_catalog_version` AFTER DELETE ON `location_not_sold`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
