-- The shopper's tip: stored with the order and included in its total (common/tips.ts says how it
-- is worked out). Added in place, so the orders table keeps its triggers and rows.
ALTER TABLE `orders` ADD `tip_cents` integer DEFAULT 0 NOT NULL CONSTRAINT "orders_tip_non_negative" CHECK("tip_cents" >= 0);
