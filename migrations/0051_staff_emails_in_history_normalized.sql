-- Hand-written data move, no schema change: the staff e-mails the shop's history and marks
-- recorded as the sign-in provider spelt them ("  Barista@Example.com ") are written the way
-- they are recorded from now on (worker/services/staff/availability.ts): trimmed, lower case.
UPDATE availability_events SET actor_email = lower(trim(actor_email)) WHERE actor_email <> lower(trim(actor_email));
--> statement-breakpoint
UPDATE ordering_pauses SET paused_by = lower(trim(paused_by)) WHERE paused_by <> lower(trim(paused_by));
--> statement-breakpoint
UPDATE sold_out_items SET marked_by = lower(trim(marked_by)) WHERE marked_by <> lower(trim(marked_by));
--> statement-breakpoint
UPDATE sold_out_options SET marked_by = lower(trim(marked_by)) WHERE marked_by <> lower(trim(marked_by));
