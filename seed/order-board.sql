-- The order board's settings, per location. Re-apply with:
--   npx wrangler d1 execute DB --local --file seed/order-board.sql    (local database)
--   npx wrangler d1 execute DB --remote --file seed/order-board.sql   (production)
-- Idempotent: one upsert per location. Open boards use a change on their next catch-up.
--
-- A ticket turns "Waiting" (amber) after warn_after_minutes and "Late" (red) after
-- late_after_minutes since the order was placed. An order with a pickup time counts from
-- late_after_minutes before that time instead: with 5 and 10 it turns "Due soon" 5 minutes
-- before its pickup time and "Late" when the time comes. late_after_minutes must be more than
-- warn_after_minutes (at most 240).

INSERT INTO location_board_settings (location_id, warn_after_minutes, late_after_minutes) VALUES
  ('loc-anaheim', 5, 10)
ON CONFLICT (location_id) DO UPDATE SET
  warn_after_minutes = excluded.warn_after_minutes, late_after_minutes = excluded.late_after_minutes;
