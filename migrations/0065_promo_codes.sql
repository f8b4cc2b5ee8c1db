-- Promo codes (issue 44): the owner's codes, where and on what they apply, each order's
-- discounts with each line's share, and the codes' uses. The triggers at the end guard a code's
-- limits inside the order's batch (docs/decisions/0048).
CREATE TABLE `order_discount_lines` (
	`order_id` text NOT NULL,
	`position` integer NOT NULL,
	`line_index` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	PRIMARY KEY(`order_id`, `position`, `line_index`),
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_discount_lines_amount_positive" CHECK("order_discount_lines"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE `order_discounts` (
	`order_id` text NOT NULL,
	`position` integer NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`amount_cents` integer NOT NULL,
	PRIMARY KEY(`order_id`, `position`),
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_discounts_kind_known" CHECK("order_discounts"."kind" IN ('promo', 'loyalty')),
	CONSTRAINT "order_discounts_amount_positive" CHECK("order_discounts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE `promo_code_drinks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`product_id` text,
	`category_id` text,
	FOREIGN KEY (`code`) REFERENCES `promo_codes`(`code`) ON UPDATE cascade ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "promo_code_drinks_one_target" CHECK(("promo_code_drinks"."product_id" IS NULL) <> ("promo_code_drinks"."category_id" IS NULL))
);
--> statement-breakpoint
CREATE INDEX `promo_code_drinks_code_idx` ON `promo_code_drinks` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `promo_code_drinks_code_product_idx` ON `promo_code_drinks` (`code`,`product_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `promo_code_drinks_code_category_idx` ON `promo_code_drinks` (`code`,`category_id`);--> statement-breakpoint
CREATE TABLE `promo_code_shops` (
	`code` text NOT NULL,
	`location_id` text NOT NULL,
	PRIMARY KEY(`code`, `location_id`),
	FOREIGN KEY (`code`) REFERENCES `promo_codes`(`code`) ON UPDATE cascade ON DELETE cascade,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `promo_code_uses` (
	`order_id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`user_id` text NOT NULL,
	`account_use` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`code`) REFERENCES `promo_codes`(`code`) ON UPDATE cascade ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "promo_code_uses_account_use_positive" CHECK("promo_code_uses"."account_use" >= 1)
);
--> statement-breakpoint
CREATE INDEX `promo_code_uses_code_idx` ON `promo_code_uses` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `promo_code_uses_account_use_idx` ON `promo_code_uses` (`code`,`user_id`,`account_use`);--> statement-breakpoint
CREATE TABLE `promo_codes` (
	`code` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`min_subtotal_cents` integer DEFAULT 0 NOT NULL,
	`starts_on` text,
	`ends_on` text,
	`max_uses` integer,
	`max_uses_per_account` integer,
	`first_order_only` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "promo_codes_code_upper_case" CHECK("promo_codes"."code" = upper(trim("promo_codes"."code")) AND length("promo_codes"."code") > 0),
	CONSTRAINT "promo_codes_kind_known" CHECK("promo_codes"."kind" IN ('percent', 'amount')),
	CONSTRAINT "promo_codes_amount_sensible" CHECK("promo_codes"."amount" > 0 AND ("promo_codes"."kind" <> 'percent' OR "promo_codes"."amount" <= 100)),
	CONSTRAINT "promo_codes_min_subtotal_non_negative" CHECK("promo_codes"."min_subtotal_cents" >= 0),
	CONSTRAINT "promo_codes_dates_in_order" CHECK("promo_codes"."starts_on" IS NULL OR "promo_codes"."ends_on" IS NULL OR "promo_codes"."starts_on" <= "promo_codes"."ends_on"),
	CONSTRAINT "promo_codes_max_uses_positive" CHECK("promo_codes"."max_uses" IS NULL OR "promo_codes"."max_uses" > 0),
	CONSTRAINT "promo_codes_max_uses_per_account_positive" CHECK("promo_codes"."max_uses_per_account" IS NULL OR "promo_codes"."max_uses_per_account" > 0)
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_cents` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `promo_code_uses_max_uses` BEFORE INSERT ON `promo_code_uses`
-- Mirrors worker/services/promo-codes/refusal.ts: promo_used_up. NULL max_uses: no limit.
WHEN (SELECT `max_uses` FROM `promo_codes` WHERE `code` = NEW.`code`) <= (
	SELECT count(*) FROM `promo_code_uses` AS `taken` WHERE `taken`.`code` = NEW.`code`
)
BEGIN
	SELECT RAISE(ABORT, 'promo_used_up');
END;
--> statement-breakpoint
CREATE TRIGGER `promo_code_uses_max_uses_per_account` BEFORE INSERT ON `promo_code_uses`
-- Mirrors worker/services/promo-codes/refusal.ts: promo_already_used. NULL: no limit.
WHEN (SELECT `max_uses_per_account` FROM `promo_codes` WHERE `code` = NEW.`code`) <= (
	SELECT count(*) FROM `promo_code_uses` AS `taken`
	WHERE `taken`.`code` = NEW.`code` AND `taken`.`user_id` = NEW.`user_id`
)
BEGIN
	SELECT RAISE(ABORT, 'promo_already_used');
END;
--> statement-breakpoint
CREATE TRIGGER `promo_code_uses_first_order_only` BEFORE INSERT ON `promo_code_uses`
-- Mirrors worker/services/orders/completed-orders.ts: promo_first_order_only.
WHEN (SELECT `first_order_only` FROM `promo_codes` WHERE `code` = NEW.`code`) = 1 AND EXISTS (
	SELECT 1 FROM `orders` WHERE `orders`.`user_id` = NEW.`user_id` AND `orders`.`status` = 'completed'
)
BEGIN
	SELECT RAISE(ABORT, 'promo_first_order_only');
END;
