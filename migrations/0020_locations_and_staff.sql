-- The shop's locations and the people who work there. Both are filled by SQL like the menu:
-- seed/locations.sql and seed/staff.sql in production, seed/dev/*.sql on a developer's machine.
CREATE TABLE `locations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`address` text NOT NULL,
	`phone` text NOT NULL,
	`time_zone` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "locations_name_not_blank" CHECK(length(trim("locations"."name")) > 0),
	CONSTRAINT "locations_time_zone_not_blank" CHECK(length(trim("locations"."time_zone")) > 0)
);
--> statement-breakpoint
-- The shop as it is today. Every existing order belongs to it (migration 0021); the seed keeps
-- its details current.
INSERT INTO `locations` (`id`, `name`, `address`, `phone`, `time_zone`) VALUES
	('loc-anaheim', 'Squeeze Anaheim', '1313 S Harbor Blvd, Anaheim, CA 92802', '+1 714 555 0100', 'America/Los_Angeles');
--> statement-breakpoint
-- A signed-in user whose verified e-mail is listed here is staff of that location. The e-mail is
-- stored as the providers report it, lower-cased, so the lookup is an exact match.
CREATE TABLE `staff_members` (
	`email` text PRIMARY KEY NOT NULL,
	`location_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "staff_members_role_known" CHECK("staff_members"."role" IN ('staff', 'manager')),
	CONSTRAINT "staff_members_email_normalized" CHECK("staff_members"."email" = lower(trim("staff_members"."email")) AND instr("staff_members"."email", '@') > 1)
);
--> statement-breakpoint
CREATE INDEX `staff_members_location_idx` ON `staff_members` (`location_id`);
