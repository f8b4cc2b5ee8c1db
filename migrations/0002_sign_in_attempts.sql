-- Sign-in attempts that have been started and not yet used. The callback deletes its attempt's
-- row as it reads it, so a state (with its attempt cookie) completes at most one sign-in, even
-- when posted twice at once. Only a hash of the state is kept.
CREATE TABLE `sign_in_attempts` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`expires_at` text NOT NULL,
	CONSTRAINT "sign_in_attempts_provider_known" CHECK("sign_in_attempts"."provider" IN ('google', 'apple'))
);
--> statement-breakpoint
CREATE INDEX `sign_in_attempts_expires_idx` ON `sign_in_attempts` (`expires_at`);
