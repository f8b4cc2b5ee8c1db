PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_staff_members` (
	`email` text NOT NULL,
	`location_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`email`, `location_id`),
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "staff_members_role_known" CHECK("__new_staff_members"."role" IN ('staff', 'manager', 'owner')),
	CONSTRAINT "staff_members_email_normalized" CHECK("__new_staff_members"."email" = lower(trim("__new_staff_members"."email")) AND instr("__new_staff_members"."email", '@') > 1)
);
--> statement-breakpoint
INSERT INTO `__new_staff_members`("email", "location_id", "role", "created_at") SELECT "email", "location_id", "role", "created_at" FROM `staff_members`;--> statement-breakpoint
DROP TABLE `staff_members`;--> statement-breakpoint
ALTER TABLE `__new_staff_members` RENAME TO `staff_members`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `staff_members_location_idx` ON `staff_members` (`location_id`);--> statement-breakpoint
CREATE INDEX `orders_location_created_idx` ON `orders` (`location_id`,`created_at`,`status`,`payment_state`,`payment_mode`,`fulfilment`,`total_cents`,`tip_cents`,`delivery_fee_cents`,`id`);--> statement-breakpoint
CREATE INDEX `orders_location_card_refund_idx` ON `orders` (`location_id`,`refunded_at`) WHERE payment_state = 'refunded';--> statement-breakpoint
CREATE INDEX `orders_location_counter_refund_idx` ON `orders` (`location_id`,`updated_at`) WHERE payment_state = 'given_back' OR (status = 'cancelled' AND payment_state = 'paid_at_counter');--> statement-breakpoint
-- Hand-written: rebuilding staff_members dropped its trigger (0046), which stores an e-mail written
-- with capitals or spaces normalised. It is made again for the new key, one row per e-mail and shop.
CREATE TRIGGER staff_members_normalize_email
BEFORE INSERT ON staff_members
WHEN NEW.email <> lower(trim(NEW.email))
BEGIN
  INSERT INTO staff_members (email, location_id, role)
    VALUES (lower(trim(NEW.email)), NEW.location_id, NEW.role)
    ON CONFLICT (email, location_id) DO UPDATE SET role = excluded.role;
  SELECT RAISE(IGNORE);
END;
