-- The shop's locations. Re-apply with:
--   npx wrangler d1 execute DB --local --file seed/locations.sql    (local database)
--   npx wrangler d1 execute DB --remote --file seed/locations.sql   (production)
-- Idempotent: every row is an upsert keyed by its id. The time zone is an IANA name; the
-- database keeps UTC instants and the location's time zone is applied at the edges.

INSERT INTO locations (id, name, address, phone, time_zone) VALUES
  ('loc-anaheim', 'Squeeze Anaheim', '512 South Brookhurst St #4, Anaheim, CA 92804', '+1 714 215 4499', 'America/Los_Angeles')
ON CONFLICT (id) DO UPDATE SET
  name = excluded.name, address = excluded.address, phone = excluded.phone, time_zone = excluded.time_zone;

-- Delivery: each location's fee (integer cents) and the ZIP codes it delivers to.
UPDATE locations SET delivery_fee_cents = 399 WHERE id = 'loc-anaheim';
INSERT INTO delivery_zip_codes (location_id, zip, city) VALUES
  ('loc-anaheim', '92801', 'Anaheim'),
  ('loc-anaheim', '92802', 'Anaheim'),
  ('loc-anaheim', '92804', 'Anaheim'),
  ('loc-anaheim', '92805', 'Anaheim'),
  ('loc-anaheim', '92840', 'Garden Grove')
ON CONFLICT (location_id, zip) DO UPDATE SET city = excluded.city;
