-- What a drink's page tells a shopper besides its price: its main ingredients (a JSON array
-- of names, also what its illustration draws), a short nutrition line (empty when unknown),
-- and whether the home page features it among the popular drinks.
ALTER TABLE `products` ADD `ingredients` text DEFAULT '[]' NOT NULL CONSTRAINT "products_ingredients_json_array" CHECK(json_valid(`ingredients`) AND json_type(`ingredients`) = 'array');
--> statement-breakpoint
ALTER TABLE `products` ADD `nutrition` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `products` ADD `featured` integer DEFAULT false NOT NULL;
