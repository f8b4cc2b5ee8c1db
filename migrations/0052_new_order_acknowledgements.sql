CREATE TABLE `order_acknowledgements` (
	`order_id` text PRIMARY KEY NOT NULL,
	`location_id` text NOT NULL,
	`acknowledged_by` text,
	`acknowledged_at` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`acknowledged_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `order_acknowledgements_location_idx` ON `order_acknowledgements` (`location_id`,`acknowledged_at`);