CREATE TABLE `push_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`kind` text NOT NULL,
	`order_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`payload` text NOT NULL,
	`expires_at` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text NOT NULL,
	`claimed_at` text,
	`last_error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sent_at` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`endpoint`) REFERENCES `push_subscriptions`(`endpoint`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "push_outbox_kind_known" CHECK("push_outbox"."kind" IN ('order-ready', 'order-on-its-way', 'order-cancelled')),
	CONSTRAINT "push_outbox_status_known" CHECK("push_outbox"."status" IN ('queued', 'sending', 'sent', 'failed', 'dropped')),
	CONSTRAINT "push_outbox_attempts_non_negative" CHECK("push_outbox"."attempts" >= 0),
	CONSTRAINT "push_outbox_payload_json" CHECK(json_valid("push_outbox"."payload"))
);
--> statement-breakpoint
CREATE INDEX `push_outbox_due_idx` ON `push_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `push_outbox_message_idx` ON `push_outbox` (`message_id`);--> statement-breakpoint
CREATE INDEX `push_outbox_order_idx` ON `push_outbox` (`order_id`);--> statement-breakpoint
CREATE INDEX `push_outbox_endpoint_idx` ON `push_outbox` (`endpoint`);--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`endpoint` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`session_hash` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`expiration_time` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_hash`) REFERENCES `sessions`(`token_hash`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_session_idx` ON `push_subscriptions` (`session_hash`);