-- Weekly opening hours, pickup slots and preparation times, per location. The one-off days
-- (holidays, short hours) are in seed/opening-hours-exceptions.sql, which this file never touches.
--
-- Edit this file and re-apply it with:
--   npm run db:shop-hours                                                (local database, in place of
--                                                                        the development seed's all-day hours)
--   npx wrangler d1 execute DB --remote --file seed/opening-hours.sql   (production)
-- It is safe to re-run: a location's weekly hours are replaced as a whole by what is written
-- here, the settings are upserts, and no exception is deleted. Shoppers see a change on their
-- next visit and, with a page open, within 15 seconds (GET /api/store is never cached). Orders
-- already booked for a time the new hours close are flagged on the order board ("Booked outside
-- the new hours"), for the shop to call the shopper.
--
-- Times are wall-clock "HH:MM" (24-hour) in the location's time zone (locations.time_zone),
-- so 07:00 stays 7 a.m. across daylight-saving changes. weekday: 0 = Sunday … 6 = Saturday.
-- A day can have several intervals (a lunch break is two rows). An interval whose closing
-- time is not after its opening time runs past midnight ('21:00' to '02:00') and belongs to
-- the day it opens on; '00:00' to '00:00' is open all day.

DELETE FROM location_hours WHERE location_id = 'loc-anaheim';
INSERT INTO location_hours (location_id, weekday, opens, closes) VALUES
  ('loc-anaheim', 1, '07:00', '19:00'),
  ('loc-anaheim', 2, '07:00', '19:00'),
  ('loc-anaheim', 3, '07:00', '19:00'),
  ('loc-anaheim', 4, '07:00', '19:00'),
  ('loc-anaheim', 5, '07:00', '20:00'),
  ('loc-anaheim', 6, '08:00', '20:00'),
  ('loc-anaheim', 0, '09:00', '17:00');

DELETE FROM location_hours WHERE location_id = 'loc-fullerton';
INSERT INTO location_hours (location_id, weekday, opens, closes) VALUES
  ('loc-fullerton', 1, '06:30', '18:00'),
  ('loc-fullerton', 2, '06:30', '18:00'),
  ('loc-fullerton', 3, '06:30', '18:00'),
  ('loc-fullerton', 4, '06:30', '18:00'),
  ('loc-fullerton', 5, '06:30', '18:00'),
  ('loc-fullerton', 6, '08:00', '16:00');

-- Scottsdale keeps Arizona's clock (America/Phoenix: no daylight saving).
DELETE FROM location_hours WHERE location_id = 'loc-scottsdale';
INSERT INTO location_hours (location_id, weekday, opens, closes) VALUES
  ('loc-scottsdale', 1, '06:00', '15:00'),
  ('loc-scottsdale', 2, '06:00', '15:00'),
  ('loc-scottsdale', 3, '06:00', '15:00'),
  ('loc-scottsdale', 4, '06:00', '15:00'),
  ('loc-scottsdale', 5, '06:00', '15:00'),
  ('loc-scottsdale', 6, '07:00', '14:00'),
  ('loc-scottsdale', 0, '07:00', '14:00');

-- slot_capacity: how many orders one 15-minute pickup slot takes (0 offers no slots, only
-- "as soon as possible"). default_prep_minutes: how long a drink takes when the drink has
-- no preparation time of its own (below).
-- max_drinks_per_order: the most drinks one online order may have (1-1000); a larger one is
-- refused and the shopper is asked to call the shop. max_drinks_per_slot: how many drinks the
-- counter makes for online orders in one 15-minute slot (1-1000). An order is picked up in one
-- slot; when it has more drinks than that slot has room for, the rest are made in the slots just
-- before it (up to max_drinks_per_order / max_drinks_per_slot slots, rounded up), so a large
-- order needs that much notice. See docs/decisions/0015-order-size.md.
-- max_new_account_unpaid_drinks: how many drinks all accounts that have never had an order
-- completed may hold together in open, unpaid orders at the shop (0-100000); an order past it is
-- refused with 409 shop_busy, asking the shopper to order at the counter or call. Each such account
-- holds at most 10 itself, a returning one 40. See docs/decisions/0031-new-accounts-and-the-queue.md.
INSERT INTO location_pickup_settings
  (location_id, slot_capacity, default_prep_minutes, max_drinks_per_order, max_drinks_per_slot,
   max_new_account_unpaid_drinks) VALUES
  ('loc-anaheim', 4, 5, 40, 12, 30),
  ('loc-fullerton', 3, 5, 30, 10, 30),
  ('loc-scottsdale', 4, 4, 40, 12, 30)
ON CONFLICT (location_id) DO UPDATE SET
  slot_capacity = excluded.slot_capacity, default_prep_minutes = excluded.default_prep_minutes,
  max_drinks_per_order = excluded.max_drinks_per_order, max_drinks_per_slot = excluded.max_drinks_per_slot,
  max_new_account_unpaid_drinks = excluded.max_new_account_unpaid_drinks;

-- Preparation time per drink, in minutes (1–240); NULL uses the location's default.
UPDATE products SET prep_minutes = 3 WHERE category_id IN ('cat-fresh-juices', 'cat-lemonades');
UPDATE products SET prep_minutes = 6 WHERE category_id IN ('cat-smoothies', 'cat-green-detox');
UPDATE products SET prep_minutes = 2 WHERE category_id = 'cat-wellness-shots';
UPDATE products SET prep_minutes = 8 WHERE category_id = 'cat-bubble-tea';
