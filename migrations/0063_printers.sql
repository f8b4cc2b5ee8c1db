CREATE TABLE `print_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`location_id` text NOT NULL,
	`order_id` text NOT NULL,
	`kind` text NOT NULL,
	`printer_kind` text NOT NULL,
	`printer_id` text,
	`document` text NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`once_key` text,
	`sent_at` text,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_code` text,
	`printed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`printer_id`) REFERENCES `printers`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "print_jobs_kind_known" CHECK("print_jobs"."kind" IN ('ticket', 'labels', 'cancelled')),
	CONSTRAINT "print_jobs_printer_kind_known" CHECK("print_jobs"."printer_kind" IN ('tickets', 'labels')),
	CONSTRAINT "print_jobs_state_known" CHECK("print_jobs"."state" IN ('queued', 'sent', 'printed', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `print_jobs_once_idx` ON `print_jobs` (`once_key`);--> statement-breakpoint
CREATE INDEX `print_jobs_location_state_idx` ON `print_jobs` (`location_id`,`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `print_jobs_order_idx` ON `print_jobs` (`order_id`);--> statement-breakpoint
CREATE TABLE `printers` (
	`id` text PRIMARY KEY NOT NULL,
	`location_id` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`secret_hash` text NOT NULL,
	`condition` text,
	`status_code` text,
	`condition_at` text,
	`last_poll_at` text,
	`print_width_mm` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "printers_kind_known" CHECK("printers"."kind" IN ('tickets', 'labels')),
	CONSTRAINT "printers_condition_known" CHECK("printers"."condition" IS NULL OR "printers"."condition" IN ('ok', 'paper_out', 'cover_open', 'error')),
	CONSTRAINT "printers_name_not_blank" CHECK(length(trim("printers"."name")) > 0)
);
--> statement-breakpoint
CREATE INDEX `printers_location_idx` ON `printers` (`location_id`,`kind`);