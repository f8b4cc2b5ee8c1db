CREATE TABLE `zip_centroids` (
	`zip` text PRIMARY KEY NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	CONSTRAINT "zip_centroids_zip_five_digits" CHECK(length("zip_centroids"."zip") = 5 AND "zip_centroids"."zip" NOT GLOB '*[^0-9]*'),
	CONSTRAINT "zip_centroids_latitude_range" CHECK("zip_centroids"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "zip_centroids_longitude_range" CHECK("zip_centroids"."longitude" BETWEEN -180 AND 180)
);
--> statement-breakpoint
-- The shopper's chosen shop (hand-completed: drizzle-kit leaves out the ON DELETE of an added column).
ALTER TABLE `users` ADD `location_id` text REFERENCES locations(id) ON DELETE SET NULL;