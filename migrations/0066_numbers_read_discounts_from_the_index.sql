-- The owner's numbers add up each sale's discount (issue 44): the sales' index carries
-- discount_cents too, so a year of sales is still read from the index alone, and the codes table
-- reads the discounted orders from their own partial index (docs/decisions/0050).
DROP INDEX `orders_location_created_idx`;--> statement-breakpoint
CREATE INDEX `orders_location_discounted_idx` ON `orders` (`location_id`,`created_at`) WHERE discount_cents > 0;--> statement-breakpoint
CREATE INDEX `orders_location_created_idx` ON `orders` (`location_id`,`created_at`,`status`,`payment_state`,`payment_mode`,`fulfilment`,`total_cents`,`subtotal_cents`,`discount_cents`,`tip_cents`,`delivery_fee_cents`,`id`);