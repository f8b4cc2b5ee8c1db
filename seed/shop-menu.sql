-- Each shop's own menu: where it charges another price than the catalog (seed/menu.sql,
-- seed/modifiers.sql), and the drinks and add-on options it does not sell. Where a shop sets
-- nothing, the catalog stands. Re-apply with:
--   npx wrangler d1 execute DB --local --file seed/shop-menu.sql    (local database)
--   npx wrangler d1 execute DB --remote --file seed/shop-menu.sql   (production)
-- Idempotent: a price replaces the shop's earlier price for the same drink and size (or option);
-- a drink or option marked again stays marked once. Every change reaches the shops' cached menus
-- within a minute (the catalog's version moves).
--
-- location_prices: one row per shop and drink size (product_id + size: small, medium, large, or
-- default for a drink sold in one size) or per shop and add-on option (option_id alone), in
-- integer cents. A size's row is its whole price at that shop: discounted_price_cents is the
-- shop's own sale price (below price_cents), and NULL means no sale there even when the catalog
-- has one. An option's row has a price_cents only. Remove a row to go back to the catalog's price:
--   DELETE FROM location_prices WHERE location_id = 'loc-fullerton' AND product_id = 'prd-sunrise-orange' AND size = 'medium';
INSERT OR REPLACE INTO location_prices (location_id, product_id, size, option_id, price_cents, discounted_price_cents) VALUES
  ('loc-fullerton', 'prd-sunrise-orange', 'medium', NULL, 749, NULL);

-- location_not_sold: one row per shop and drink (product_id) or add-on option (option_id) it does
-- not sell. The drink leaves that shop's menu and its orders; the option leaves the drink's
-- choices there. Remove the row to sell it again.
INSERT OR IGNORE INTO location_not_sold (location_id, product_id, option_id) VALUES
  ('loc-scottsdale', 'prd-immunity-shot', NULL);
