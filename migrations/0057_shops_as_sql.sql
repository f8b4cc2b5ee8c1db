-- Shops as SQL: each shop's URL slug, where it stands, its inbox for order e-mails and whether it
-- takes online orders. Added column by column (not a rebuild): orders, hours and staff rows point
-- at locations, and a rebuild would drop the table under them.
ALTER TABLE `locations` ADD `slug` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `locations` ADD `latitude` real DEFAULT 0 NOT NULL CONSTRAINT "locations_latitude_range" CHECK("latitude" BETWEEN -90 AND 90);--> statement-breakpoint
ALTER TABLE `locations` ADD `longitude` real DEFAULT 0 NOT NULL CONSTRAINT "locations_longitude_range" CHECK("longitude" BETWEEN -180 AND 180);--> statement-breakpoint
ALTER TABLE `locations` ADD `order_inbox` text;--> statement-breakpoint
ALTER TABLE `locations` ADD `takes_online_orders` integer DEFAULT true NOT NULL;--> statement-breakpoint
-- Today's shops get a slug from their id ('loc-anaheim' becomes 'anaheim') before slugs must be unique.
UPDATE `locations` SET `slug` = lower(CASE WHEN `id` LIKE 'loc-%' THEN substr(`id`, 5) ELSE `id` END);--> statement-breakpoint
CREATE UNIQUE INDEX `locations_slug_idx` ON `locations` (`slug`);--> statement-breakpoint
-- A slug is lower-case letters, digits and hyphens, starting with a letter or digit (SQLite cannot
-- add a CHECK to an existing column, so triggers keep the form).
CREATE TRIGGER `locations_slug_form_insert` BEFORE INSERT ON `locations`
WHEN NEW.`slug` <> '' AND (NEW.`slug` NOT GLOB '[a-z0-9]*' OR NEW.`slug` GLOB '*[^a-z0-9-]*')
BEGIN SELECT RAISE(ABORT, 'locations_slug_form'); END;--> statement-breakpoint
-- A shop inserted without a slug gets one from its id, as today's shops did above.
CREATE TRIGGER `locations_slug_from_id` AFTER INSERT ON `locations` WHEN NEW.`slug` = ''
BEGIN
  UPDATE `locations` SET `slug` = lower(CASE WHEN NEW.`id` LIKE 'loc-%' THEN substr(NEW.`id`, 5) ELSE NEW.`id` END)
  WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `locations_slug_form_update` BEFORE UPDATE OF `slug` ON `locations`
WHEN NEW.`slug` NOT GLOB '[a-z0-9]*' OR NEW.`slug` GLOB '*[^a-z0-9-]*'
BEGIN SELECT RAISE(ABORT, 'locations_slug_form'); END;
