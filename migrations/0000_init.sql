CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`image` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_hidden` integer DEFAULT false NOT NULL,
	`is_deleted` integer DEFAULT false NOT NULL,
	CONSTRAINT "categories_name_not_blank" CHECK(length(trim("categories"."name")) > 0)
);
--> statement-breakpoint
CREATE INDEX `categories_visible_order_idx` ON `categories` (`is_deleted`,`is_hidden`,`sort_order`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text NOT NULL,
	`claimed_at` text,
	`last_error` text,
	`submission_id` text,
	`order_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sent_at` text,
	FOREIGN KEY (`submission_id`) REFERENCES `form_submissions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "email_outbox_status_known" CHECK("email_outbox"."status" IN ('queued', 'sending', 'sent', 'failed')),
	CONSTRAINT "email_outbox_attempts_non_negative" CHECK("email_outbox"."attempts" >= 0),
	CONSTRAINT "email_outbox_subject_single_line" CHECK(instr("email_outbox"."subject", char(10)) = 0 AND instr("email_outbox"."subject", char(13)) = 0)
);
--> statement-breakpoint
CREATE INDEX `email_outbox_due_idx` ON `email_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_order_idx` ON `email_outbox` (`order_id`);--> statement-breakpoint
CREATE INDEX `email_outbox_submission_idx` ON `email_outbox` (`submission_id`);--> statement-breakpoint
CREATE TABLE `form_submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "form_submissions_kind_known" CHECK("form_submissions"."kind" IN ('contact', 'partnership')),
	CONSTRAINT "form_submissions_payload_json" CHECK(json_valid("form_submissions"."payload"))
);
--> statement-breakpoint
CREATE INDEX `form_submissions_kind_created_idx` ON `form_submissions` (`kind`,`created_at`);--> statement-breakpoint
CREATE TABLE `order_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` text NOT NULL,
	`product_id` text,
	`name` text NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`size` text NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`quantity` integer NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "order_items_quantity_positive" CHECK("order_items"."quantity" >= 1),
	CONSTRAINT "order_items_unit_price_non_negative" CHECK("order_items"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `order_items_order_idx` ON `order_items` (`order_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`status` text NOT NULL,
	`payment_mode` text NOT NULL,
	`total_cents` integer NOT NULL,
	`customer_name` text NOT NULL,
	`customer_email` text NOT NULL,
	`phone` text NOT NULL,
	`idempotency_key` text,
	`stripe_session_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text NOT NULL,
	`paid_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "orders_total_non_negative" CHECK("orders"."total_cents" >= 0),
	CONSTRAINT "orders_status_known" CHECK("orders"."status" IN ('pending_payment', 'placed', 'paid', 'cancelled')),
	CONSTRAINT "orders_payment_mode_known" CHECK("orders"."payment_mode" IN ('pay_on_pickup', 'stripe'))
);
--> statement-breakpoint
CREATE INDEX `orders_user_created_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_user_idempotency_key_idx` ON `orders` (`user_id`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `orders_stripe_session_idx` ON `orders` (`stripe_session_id`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`order_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `product_prices` (
	`product_id` text NOT NULL,
	`size` text NOT NULL,
	`price_cents` integer NOT NULL,
	`discounted_price_cents` integer,
	PRIMARY KEY(`product_id`, `size`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "product_prices_size_known" CHECK("product_prices"."size" IN ('small', 'medium', 'large', 'default')),
	CONSTRAINT "product_prices_price_non_negative" CHECK("product_prices"."price_cents" >= 0),
	CONSTRAINT "product_prices_discount_is_real" CHECK("product_prices"."discounted_price_cents" IS NULL OR ("product_prices"."discounted_price_cents" >= 0 AND "product_prices"."discounted_price_cents" < "product_prices"."price_cents"))
);
--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`category_id` text NOT NULL,
	`name` text NOT NULL,
	`image` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`rating` real DEFAULT 0 NOT NULL,
	`gradient` text NOT NULL,
	`size_selection` integer DEFAULT false NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`is_hidden` integer DEFAULT false NOT NULL,
	`is_deleted` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "products_rating_range" CHECK("products"."rating" >= 0 AND "products"."rating" <= 5),
	CONSTRAINT "products_name_not_blank" CHECK(length(trim("products"."name")) > 0)
);
--> statement-breakpoint
CREATE INDEX `products_category_visible_order_idx` ON `products` (`category_id`,`is_deleted`,`is_hidden`,`order`);--> statement-breakpoint
CREATE TABLE `provider_accounts` (
	`provider` text NOT NULL,
	`subject` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`provider`, `subject`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "provider_accounts_provider_known" CHECK("provider_accounts"."provider" IN ('google', 'apple'))
);
--> statement-breakpoint
CREATE INDEX `provider_accounts_user_idx` ON `provider_accounts` (`user_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_seen_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `settings` (
	`id` text PRIMARY KEY NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`royalty_fees` text NOT NULL,
	`ad_fees` text NOT NULL,
	`net_worth_options` text NOT NULL,
	`liquid_capital_options` text NOT NULL,
	CONSTRAINT "settings_royalty_fees_three_years" CHECK(json_valid("settings"."royalty_fees") AND json_array_length("settings"."royalty_fees") = 3),
	CONSTRAINT "settings_ad_fees_three_years" CHECK(json_valid("settings"."ad_fees") AND json_array_length("settings"."ad_fees") = 3),
	CONSTRAINT "settings_net_worth_json" CHECK(json_valid("settings"."net_worth_options")),
	CONSTRAINT "settings_liquid_capital_json" CHECK(json_valid("settings"."liquid_capital_options"))
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `users_email_idx` ON `users` (`email`);