-- The catalog's version: every change to the menu's tables (an admin's SQL, a re-applied
-- seed/menu.sql) bumps it through the triggers below, and the worker keys its edge cache of
-- the catalog API by it, so a changed menu needs no manual purge (docs/decisions/0006).
CREATE TABLE `catalog_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`changed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "catalog_version_single_row" CHECK("catalog_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO `catalog_version` (`id`, `version`) VALUES (1, 1);
--> statement-breakpoint
CREATE TRIGGER `categories_insert_bumps_catalog_version` AFTER INSERT ON `categories`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_update_bumps_catalog_version` AFTER UPDATE ON `categories`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_delete_bumps_catalog_version` AFTER DELETE ON `categories`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `products_insert_bumps_catalog_version` AFTER INSERT ON `products`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `products_update_bumps_catalog_version` AFTER UPDATE ON `products`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `products_delete_bumps_catalog_version` AFTER DELETE ON `products`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `product_prices_insert_bumps_catalog_version` AFTER INSERT ON `product_prices`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `product_prices_update_bumps_catalog_version` AFTER UPDATE ON `product_prices`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `product_prices_delete_bumps_catalog_version` AFTER DELETE ON `product_prices`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `settings_insert_bumps_catalog_version` AFTER INSERT ON `settings`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `settings_update_bumps_catalog_version` AFTER UPDATE ON `settings`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `settings_delete_bumps_catalog_version` AFTER DELETE ON `settings`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
