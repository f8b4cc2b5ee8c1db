-- The fingerprint of what an order's submission asked for (lines and phone), so a retry with the
-- same Idempotency-Key but a different cart is refused instead of answered with the first order.
-- Orders placed before this column have none; a retry of one of those is answered as before.
ALTER TABLE `orders` ADD `request_hash` text;
