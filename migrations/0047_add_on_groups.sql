-- Add-on groups and their options beside the menu, where they apply, and the options an order's
-- line was bought with (a snapshot). The add-on tables bump the catalog's version like the
-- menu's tables (migrations/0040), so an edit reaches every edge as a menu edit does.
CREATE TABLE `modifier_group_attachments` (
	`id` text PRIMARY KEY NOT NULL,
	`group_id` text NOT NULL,
	`product_id` text,
	`category_id` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`group_id`) REFERENCES `modifier_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "modifier_group_attachments_one_target" CHECK(("modifier_group_attachments"."product_id" IS NULL) <> ("modifier_group_attachments"."category_id" IS NULL))
);
--> statement-breakpoint
CREATE INDEX `modifier_group_attachments_product_idx` ON `modifier_group_attachments` (`product_id`);--> statement-breakpoint
CREATE INDEX `modifier_group_attachments_category_idx` ON `modifier_group_attachments` (`category_id`);--> statement-breakpoint
CREATE TABLE `modifier_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`min_selected` integer DEFAULT 0 NOT NULL,
	`max_selected` integer DEFAULT 1 NOT NULL,
	CONSTRAINT "modifier_groups_name_not_blank" CHECK(length(trim("modifier_groups"."name")) > 0),
	CONSTRAINT "modifier_groups_selection_range" CHECK("modifier_groups"."min_selected" >= 0 AND "modifier_groups"."max_selected" >= 1 AND "modifier_groups"."min_selected" <= "modifier_groups"."max_selected")
);
--> statement-breakpoint
CREATE TABLE `modifier_options` (
	`id` text PRIMARY KEY NOT NULL,
	`group_id` text NOT NULL,
	`name` text NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`is_hidden` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`group_id`) REFERENCES `modifier_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "modifier_options_name_not_blank" CHECK(length(trim("modifier_options"."name")) > 0),
	CONSTRAINT "modifier_options_price_non_negative" CHECK("modifier_options"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `modifier_options_group_idx` ON `modifier_options` (`group_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `order_item_options` (
	`order_id` text NOT NULL,
	`line_index` integer NOT NULL,
	`position` integer NOT NULL,
	`option_id` text,
	`name` text NOT NULL,
	`price_cents` integer NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`order_id`, `line_index`, `position`),
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`option_id`) REFERENCES `modifier_options`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "order_item_options_price_non_negative" CHECK("order_item_options"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TRIGGER `modifier_groups_insert_bumps_catalog_version` AFTER INSERT ON `modifier_groups`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `modifier_groups_update_bumps_catalog_version` AFTER UPDATE ON `modifier_groups`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `modifier_groups_delete_bumps_catalog_version` AFTER DELETE ON `modifier_groups`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `modifier_options_insert_bumps_catalog_version` AFTER INSERT ON `modifier_options`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `modifier_options_update_bumps_catalog_version` AFTER UPDATE ON `modifier_options`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `modifier_options_delete_bumps_catalog_version` AFTER DELETE ON `modifier_options`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `modifier_group_attachments_insert_bumps_catalog_version` AFTER INSERT ON `modifier_group_attachments`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `modifier_group_attachments_update_bumps_catalog_version` AFTER UPDATE ON `modifier_group_attachments`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `modifier_group_attachments_delete_bumps_catalog_version` AFTER DELETE ON `modifier_group_attachments`
BEGIN
	UPDATE `catalog_version` SET `version` = `version` + 1, `changed_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = 1;
END;
