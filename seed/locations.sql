-- The shop's locations. Re-apply with:
--   npx wrangler d1 execute DB --local --file seed/locations.sql    (local database)
--   npx wrangler d1 execute DB --remote --file seed/locations.sql   (production)
-- Idempotent: every row is an upsert keyed by its id. The time zone is an IANA name; the
-- database keeps UTC instants and the location's time zone is applied at the edges.

--
-- slug: the shop's address on the site (/locations/<slug>), lower-case letters, digits and hyphens.
-- latitude, longitude: where it stands (degrees), for "nearest first". order_inbox: where its
-- order e-mails go (NULL: the company's SHOP_EMAIL). takes_online_orders: 0 keeps a shop off the
-- site (being set up, or closed for good) while its orders and staff stay. opened_on: the shop's
-- first day of trade on its calendar (YYYY-MM-DD); `npm run seed:history` writes no order before it.
INSERT INTO locations
  (id, slug, name, address, phone, time_zone, latitude, longitude, order_inbox, takes_online_orders, opened_on) VALUES
  ('loc-anaheim', 'anaheim', 'Squeeze Anaheim', '512 South Brookhurst St #4, Anaheim, CA 92804', '+1 714 215 4499',
    'America/Los_Angeles', 33.8291, -117.9593, NULL, 1, '2019-03-02'),
  ('loc-fullerton', 'fullerton', 'Squeeze Fullerton', '305 North Harbor Blvd, Fullerton, CA 92832', '+1 714 555 0142',
    'America/Los_Angeles', 33.8722, -117.9243, 'fullerton@squeeze-juice.example', 1, '2024-05-18'),
  ('loc-scottsdale', 'scottsdale', 'Squeeze Scottsdale', '7014 East Camelback Rd, Scottsdale, AZ 85251', '+1 480 555 0177',
    'America/Phoenix', 33.5021, -111.9298, 'scottsdale@squeeze-juice.example', 1, '2026-06-06')
ON CONFLICT (id) DO UPDATE SET
  slug = excluded.slug, name = excluded.name, address = excluded.address, phone = excluded.phone,
  time_zone = excluded.time_zone, latitude = excluded.latitude, longitude = excluded.longitude,
  order_inbox = excluded.order_inbox, takes_online_orders = excluded.takes_online_orders,
  opened_on = excluded.opened_on;

-- Delivery: each location's fee (integer cents) and the ZIP codes it delivers to. A shop with
-- no ZIP codes (Scottsdale) offers pickup only.
UPDATE locations SET delivery_fee_cents = 399 WHERE id = 'loc-anaheim';
UPDATE locations SET delivery_fee_cents = 299 WHERE id = 'loc-fullerton';
INSERT INTO delivery_zip_codes (location_id, zip, city) VALUES
  ('loc-anaheim', '92801', 'Anaheim'),
  ('loc-anaheim', '92802', 'Anaheim'),
  ('loc-anaheim', '92804', 'Anaheim'),
  ('loc-anaheim', '92805', 'Anaheim'),
  ('loc-anaheim', '92840', 'Garden Grove'),
  ('loc-fullerton', '92831', 'Fullerton'),
  ('loc-fullerton', '92832', 'Fullerton'),
  ('loc-fullerton', '92833', 'Fullerton'),
  ('loc-fullerton', '92835', 'Fullerton')
ON CONFLICT (location_id, zip) DO UPDATE SET city = excluded.city;
