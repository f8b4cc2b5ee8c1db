-- Promo codes: the owner's SQL, like the menu. Copy a block, change it, and apply with:
--   npx wrangler d1 execute DB --local --file seed/promo-codes.sql    (local database)
--   npx wrangler d1 execute DB --remote --file seed/promo-codes.sql   (production)
-- Idempotent: a code written again takes the new values and keeps its uses.
--
-- promo_codes, one row per code:
--   code                  what shoppers type; matched case-insensitively, stored upper-case
--   kind                  'percent' (amount = percent points, 1-100) or 'amount' (amount = cents)
--   amount                off the drinks and their add-ons, never the tip or the delivery fee
--   min_subtotal_cents    the drinks' subtotal an order needs (0 = any order)
--   starts_on, ends_on    first and last day, 'YYYY-MM-DD' on each shop's own calendar,
--                         inclusive; NULL = no start or no end
--   max_uses              uses by all shoppers together (NULL = no limit)
--   max_uses_per_account  uses by one account (NULL = no limit)
--   first_order_only      1 = only for an account that has never had an order completed
INSERT INTO promo_codes (code, kind, amount, min_subtotal_cents, starts_on, ends_on, max_uses, max_uses_per_account, first_order_only) VALUES
  ('WELCOME10', 'percent', 10, 0, NULL, NULL, NULL, 1, 1),
  ('SUMMER2', 'amount', 200, 1000, '2026-01-01', '2026-12-31', NULL, NULL, 0)
ON CONFLICT (code) DO UPDATE SET
  kind = excluded.kind,
  amount = excluded.amount,
  min_subtotal_cents = excluded.min_subtotal_cents,
  starts_on = excluded.starts_on,
  ends_on = excluded.ends_on,
  max_uses = excluded.max_uses,
  max_uses_per_account = excluded.max_uses_per_account,
  first_order_only = excluded.first_order_only;

-- promo_code_shops: the shops a code applies at, one row each; a code without rows applies at
-- every shop. For example, SUMMER2 at Fullerton only:
--   INSERT OR IGNORE INTO promo_code_shops (code, location_id) VALUES ('SUMMER2', 'loc-fullerton');
--
-- promo_code_drinks: the drinks a code takes money off, one row per drink (product_id) or whole
-- category (category_id); a code without rows covers every drink. For example:
--   INSERT OR IGNORE INTO promo_code_drinks (code, product_id) VALUES ('SUMMER2', 'prd-sunrise-orange');
