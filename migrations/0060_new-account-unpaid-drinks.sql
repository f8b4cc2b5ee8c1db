-- A shop's queue belongs to its shoppers, not to a few new accounts
-- (docs/decisions/0031-new-accounts-and-the-queue.md): the drinks all accounts that have never had
-- an order completed may hold together in open, unpaid orders at the shop.
--
-- Added as a column with its check rather than by rebuilding the table: the slot triggers read
-- location_pickup_settings, and renaming a rebuilt table under them fails (as in 0045).
ALTER TABLE `location_pickup_settings` ADD `max_new_account_unpaid_drinks` integer DEFAULT 30 NOT NULL
	CONSTRAINT "location_pickup_settings_new_account_drinks_range" CHECK("max_new_account_unpaid_drinks" BETWEEN 0 AND 100000);
