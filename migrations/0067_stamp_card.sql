-- The stamp card (issue 45): the owner's rewards and each shopper's stamps as an append-only
-- ledger. The triggers at the end write the ledger in the same statement as the order's change
-- (docs/decisions/0053-the-stamp-card-ledger.md).
CREATE TABLE `loyalty_rewards` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`stamps` integer NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "loyalty_rewards_stamps_positive" CHECK("loyalty_rewards"."stamps" > 0)
);
--> statement-breakpoint
CREATE TABLE `stamp_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`order_id` text,
	`kind` text NOT NULL,
	`generation` integer DEFAULT 0 NOT NULL,
	`stamps` integer NOT NULL,
	`note` text,
	`adjusted_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "stamp_ledger_kind_known" CHECK("stamp_ledger"."kind" IN ('earned', 'taken_back', 'spent', 'returned', 'refunded', 'adjusted')),
	CONSTRAINT "stamp_ledger_stamps_not_zero" CHECK("stamp_ledger"."stamps" <> 0),
	CONSTRAINT "stamp_ledger_source_named" CHECK(("stamp_ledger"."kind" = 'adjusted') = ("stamp_ledger"."order_id" IS NULL) AND ("stamp_ledger"."kind" <> 'adjusted' OR (length(trim(coalesce("stamp_ledger"."note", ''))) > 0 AND length(trim(coalesce("stamp_ledger"."adjusted_by", ''))) > 0)))
);
--> statement-breakpoint
CREATE INDEX `stamp_ledger_user_idx` ON `stamp_ledger` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `stamp_ledger_source_idx` ON `stamp_ledger` (`order_id`,`kind`,`generation`);
--> statement-breakpoint
-- The stamps an order earns: one per drink that was not free. A line's promo share covers
-- floor(share / unit price) of its drinks (a fully discounted line earns none) and each loyalty
-- reward on it covers one. Lines are numbered by id from 0, as order_discount_lines numbers them.
CREATE VIEW `order_stamps` AS
SELECT `lines`.`order_id` AS `order_id`,
	COALESCE(SUM(CASE WHEN `lines`.`unit_price_cents` > 0 THEN MAX(
		`lines`.`quantity`
		- COALESCE(`shares`.`promo_cents`, 0) / `lines`.`unit_price_cents`
		- COALESCE(`shares`.`rewards`, 0), 0) ELSE 0 END), 0) AS `stamps`
FROM (
	SELECT `order_id`, `unit_price_cents`, `quantity`,
		row_number() OVER (PARTITION BY `order_id` ORDER BY `id`) - 1 AS `line_index`
	FROM `order_items`
) AS `lines`
LEFT JOIN (
	SELECT `share`.`order_id`, `share`.`line_index`,
		SUM(CASE WHEN `discount`.`kind` = 'loyalty' THEN 0 ELSE `share`.`amount_cents` END) AS `promo_cents`,
		SUM(CASE WHEN `discount`.`kind` = 'loyalty' THEN 1 ELSE 0 END) AS `rewards`
	FROM `order_discount_lines` AS `share`
	JOIN `order_discounts` AS `discount`
		ON `discount`.`order_id` = `share`.`order_id` AND `discount`.`position` = `share`.`position`
	GROUP BY `share`.`order_id`, `share`.`line_index`
) AS `shares` ON `shares`.`order_id` = `lines`.`order_id` AND `shares`.`line_index` = `lines`.`line_index`
GROUP BY `lines`.`order_id`;
--> statement-breakpoint
-- Earned when the order is completed with its money in, by whichever change gets it there (Done
-- on a card order, Done "Collected", Collect after "Not collected", the close of earlier days),
-- once per completion: only while the order holds no earned stamps, keyed by the completion's
-- generation. A refund already made counts (see the refund trigger).
CREATE TRIGGER `stamps_earned` AFTER UPDATE OF `status`, `payment_state` ON `orders`
WHEN NEW.`user_id` IS NOT NULL
	AND NEW.`status` = 'completed' AND NEW.`payment_state` IN ('paid', 'paid_at_counter')
	AND NOT (OLD.`status` = 'completed' AND OLD.`payment_state` IN ('paid', 'paid_at_counter'))
BEGIN
	INSERT INTO `stamp_ledger` (`user_id`, `order_id`, `kind`, `generation`, `stamps`)
	SELECT NEW.`user_id`, NEW.`id`, 'earned',
		(SELECT count(*) FROM `stamp_ledger` WHERE `order_id` = NEW.`id` AND `kind` = 'earned'),
		`earning`.`stamps` - `earning`.`stamps` * `earning`.`refunded` / `earning`.`charged`
	FROM (
		SELECT `stamps`,
			MAX(NEW.`subtotal_cents` - NEW.`discount_cents`, 1) AS `charged`,
			MIN(NEW.`refunded_cents`, MAX(NEW.`subtotal_cents` - NEW.`discount_cents`, 1)) AS `refunded`
		FROM `order_stamps` WHERE `order_id` = NEW.`id`
	) AS `earning`
	WHERE `earning`.`stamps` - `earning`.`stamps` * `earning`.`refunded` / `earning`.`charged` > 0
		AND (SELECT count(*) FROM `stamp_ledger` WHERE `order_id` = NEW.`id` AND `kind` = 'earned')
			= (SELECT count(*) FROM `stamp_ledger` WHERE `order_id` = NEW.`id` AND `kind` = 'taken_back');
END;
--> statement-breakpoint
-- A Recall from completed writes the order's stamps back out (what it earned, less what refunds
-- took), whatever was spent meanwhile: the balance may go below zero.
CREATE TRIGGER `stamps_taken_back` AFTER UPDATE OF `status` ON `orders`
WHEN OLD.`status` = 'completed' AND NEW.`status` <> 'completed' AND NEW.`user_id` IS NOT NULL
BEGIN
	INSERT INTO `stamp_ledger` (`user_id`, `order_id`, `kind`, `generation`, `stamps`)
	SELECT NEW.`user_id`, NEW.`id`, 'taken_back',
		(SELECT count(*) FROM `stamp_ledger` WHERE `order_id` = NEW.`id` AND `kind` = 'taken_back'),
		-`held`.`stamps`
	FROM (
		SELECT COALESCE(SUM(`stamps`), 0) AS `stamps` FROM `stamp_ledger`
		WHERE `order_id` = NEW.`id` AND `kind` IN ('earned', 'taken_back', 'refunded')
	) AS `held`
	WHERE `held`.`stamps` > 0
		AND (SELECT count(*) FROM `stamp_ledger` WHERE `order_id` = NEW.`id` AND `kind` = 'earned')
			> (SELECT count(*) FROM `stamp_ledger` WHERE `order_id` = NEW.`id` AND `kind` = 'taken_back');
END;
--> statement-breakpoint
-- A refund of a completed order removes its stamps in proportion to the drinks' money refunded
-- (a refund counts against the drinks first), rounded down, never more than the order earned; a
-- full refund removes them all. Keyed by the refunded total it brings the order to.
CREATE TRIGGER `stamps_refunded` AFTER UPDATE OF `refunded_cents` ON `orders`
WHEN NEW.`refunded_cents` > OLD.`refunded_cents` AND NEW.`user_id` IS NOT NULL
BEGIN
	INSERT INTO `stamp_ledger` (`user_id`, `order_id`, `kind`, `generation`, `stamps`)
	SELECT NEW.`user_id`, NEW.`id`, 'refunded', NEW.`refunded_cents`,
		`removal`.`earned` * `removal`.`before` / `removal`.`charged`
			- `removal`.`earned` * `removal`.`after` / `removal`.`charged`
	FROM (
		SELECT `order_stamps`.`stamps` AS `earned`,
			MAX(NEW.`subtotal_cents` - NEW.`discount_cents`, 1) AS `charged`,
			MIN(OLD.`refunded_cents`, MAX(NEW.`subtotal_cents` - NEW.`discount_cents`, 1)) AS `before`,
			MIN(NEW.`refunded_cents`, MAX(NEW.`subtotal_cents` - NEW.`discount_cents`, 1)) AS `after`
		FROM `order_stamps` WHERE `order_id` = NEW.`id`
	) AS `removal`
	WHERE `removal`.`earned` * `removal`.`after` / `removal`.`charged`
			> `removal`.`earned` * `removal`.`before` / `removal`.`charged`
		AND (SELECT count(*) FROM `stamp_ledger` WHERE `order_id` = NEW.`id` AND `kind` = 'earned')
			> (SELECT count(*) FROM `stamp_ledger` WHERE `order_id` = NEW.`id` AND `kind` = 'taken_back');
END;
--> statement-breakpoint
-- A reward is spent only while the balance covers it: two orders racing for one reward cannot
-- both have it (the refusal undoes the order's whole batch). Mirrors worker/services/loyalty/reward.ts.
CREATE TRIGGER `stamps_spent_only_when_held` BEFORE INSERT ON `stamp_ledger`
WHEN NEW.`kind` = 'spent'
	AND (SELECT coalesce(sum(`stamps`), 0) FROM `stamp_ledger` WHERE `user_id` = NEW.`user_id`) + NEW.`stamps` < 0
BEGIN
	SELECT RAISE(ABORT, 'reward_not_available');
END;
--> statement-breakpoint
-- Spent stamps come back when the order is undone before anyone started it: cancelled while
-- received, which is also how an unpaid card order expires and how a hold is released.
CREATE TRIGGER `stamps_returned` AFTER UPDATE OF `status` ON `orders`
WHEN NEW.`status` = 'cancelled' AND OLD.`status` = 'received'
BEGIN
	INSERT INTO `stamp_ledger` (`user_id`, `order_id`, `kind`, `generation`, `stamps`, `note`)
	SELECT `spent`.`user_id`, NEW.`id`, 'returned',
		(SELECT count(*) FROM `stamp_ledger` WHERE `order_id` = NEW.`id` AND `kind` = 'returned'),
		-`spent`.`stamps`, `spent`.`note`
	FROM `stamp_ledger` AS `spent`
	WHERE `spent`.`order_id` = NEW.`id` AND `spent`.`kind` = 'spent'
		AND (SELECT count(*) FROM `stamp_ledger` WHERE `order_id` = NEW.`id` AND `kind` = 'spent')
			> (SELECT count(*) FROM `stamp_ledger` WHERE `order_id` = NEW.`id` AND `kind` = 'returned')
	ORDER BY `spent`.`generation` DESC
	LIMIT 1;
END;
--> statement-breakpoint
-- A Recall of an order whose stamps came back spends them again, or is refused when the card no
-- longer holds them (the guard above raises reward_not_available and the Recall is undone).
CREATE TRIGGER `stamps_spent_again` AFTER UPDATE OF `status` ON `orders`
WHEN OLD.`status` = 'cancelled' AND NEW.`status` <> 'cancelled'
BEGIN
	INSERT INTO `stamp_ledger` (`user_id`, `order_id`, `kind`, `generation`, `stamps`, `note`)
	SELECT `returned`.`user_id`, NEW.`id`, 'spent',
		(SELECT count(*) FROM `stamp_ledger` WHERE `order_id` = NEW.`id` AND `kind` = 'spent'),
		-`returned`.`stamps`, `returned`.`note`
	FROM `stamp_ledger` AS `returned`
	WHERE `returned`.`order_id` = NEW.`id` AND `returned`.`kind` = 'returned'
		AND (SELECT count(*) FROM `stamp_ledger` WHERE `order_id` = NEW.`id` AND `kind` = 'spent')
			= (SELECT count(*) FROM `stamp_ledger` WHERE `order_id` = NEW.`id` AND `kind` = 'returned')
	ORDER BY `returned`.`generation` DESC
	LIMIT 1;
END;
