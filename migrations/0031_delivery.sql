-- Delivery or pickup. Each location delivers to the ZIP codes listed for it, for its own fee
-- (integer cents). An order keeps how it is fulfilled, the address it goes to (the delivery
-- address, or the shop's for a pickup) and the fee it was charged, as they were when placed.
ALTER TABLE `locations` ADD `delivery_fee_cents` integer DEFAULT 0 NOT NULL CONSTRAINT "locations_delivery_fee_non_negative" CHECK("delivery_fee_cents" >= 0);
--> statement-breakpoint
CREATE TABLE `delivery_zip_codes` (
	`location_id` text NOT NULL,
	`zip` text NOT NULL,
	`city` text NOT NULL,
	PRIMARY KEY (`location_id`, `zip`),
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "delivery_zip_codes_zip_five_digits" CHECK(length("zip") = 5 AND "zip" NOT GLOB '*[^0-9]*'),
	CONSTRAINT "delivery_zip_codes_city_not_blank" CHECK(length(trim("city")) > 0)
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `fulfilment` text DEFAULT 'pickup' NOT NULL CONSTRAINT "orders_fulfilment_known" CHECK("fulfilment" IN ('pickup', 'delivery'));
--> statement-breakpoint
ALTER TABLE `orders` ADD `fulfilment_address` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_fee_cents` integer DEFAULT 0 NOT NULL CONSTRAINT "orders_delivery_fee_non_negative" CHECK("delivery_fee_cents" >= 0);
--> statement-breakpoint
-- The one shop's delivery area today; seed/locations.sql keeps it current.
UPDATE `locations` SET `delivery_fee_cents` = 399 WHERE `id` = 'loc-anaheim';
--> statement-breakpoint
INSERT INTO `delivery_zip_codes` (`location_id`, `zip`, `city`) VALUES
	('loc-anaheim', '92801', 'Anaheim'),
	('loc-anaheim', '92802', 'Anaheim'),
	('loc-anaheim', '92804', 'Anaheim'),
	('loc-anaheim', '92805', 'Anaheim'),
	('loc-anaheim', '92840', 'Garden Grove');
