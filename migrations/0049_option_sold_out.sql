-- Sold out per add-on option (docs/decisions/0016): an option run out at a location, with who
-- marked it and when, and the option named in the shop's history.
CREATE TABLE `sold_out_options` (
	`location_id` text NOT NULL,
	`option_id` text NOT NULL,
	`marked_by` text NOT NULL,
	`marked_at` text NOT NULL,
	PRIMARY KEY(`location_id`, `option_id`),
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`option_id`) REFERENCES `modifier_options`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Added in place: the history keeps its rows. A deleted option leaves its events, unnamed.
ALTER TABLE `availability_events` ADD `option_id` text REFERENCES `modifier_options`(`id`) ON UPDATE no action ON DELETE set null;
