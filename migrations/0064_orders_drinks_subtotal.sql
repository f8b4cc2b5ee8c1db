-- Each order stores its drinks' subtotal (add-ons included) when it is placed, and the owner's
-- numbers count it as gross sales instead of working it out as total - tip - delivery fee
-- (docs/decisions/0045). Orders placed before are filled from their lines, which is what their
-- total less tip and fee comes to for every order placing wrote; an order without lines (only
-- ever written by hand) keeps what the numbers counted for it.
DROP INDEX `orders_location_created_idx`;--> statement-breakpoint
ALTER TABLE `orders` ADD `subtotal_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `orders` SET `subtotal_cents` = coalesce(
	(SELECT sum(`quantity` * `unit_price_cents`) FROM `order_items` WHERE `order_items`.`order_id` = `orders`.`id`),
	`total_cents` - `tip_cents` - `delivery_fee_cents`
);--> statement-breakpoint
CREATE INDEX `orders_location_created_idx` ON `orders` (`location_id`,`created_at`,`status`,`payment_state`,`payment_mode`,`fulfilment`,`total_cents`,`subtotal_cents`,`tip_cents`,`delivery_fee_cents`,`id`);
