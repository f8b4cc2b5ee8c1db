-- One-off days, per location: holidays and short hours, which replace that date's weekly hours
-- (seed/opening-hours.sql). Add a date by copying one of its pairs of lines below.
--
-- Apply it with:
--   npm run db:shop-hours                                                          (local database)
--   npx wrangler d1 execute DB --remote --file seed/opening-hours-exceptions.sql   (production)
-- It is safe to re-run: each date written here is replaced by what is written here (its DELETE,
-- then its INSERT), and every other date is left alone, so an exception written by hand (an
-- inventory day, say) survives, as it does a re-applied seed/opening-hours.sql.
--
-- `date` is the location's calendar day. A row with NULL times closes the whole day; rows with
-- times are that day's only intervals (a lunch break is two rows of the same date). Past dates
-- may stay or be deleted.

DELETE FROM location_hours_exceptions WHERE location_id = 'loc-anaheim' AND date = '2026-11-26';
INSERT INTO location_hours_exceptions (location_id, date, opens, closes, note) VALUES
  ('loc-anaheim', '2026-11-26', NULL, NULL, 'Thanksgiving Day');

DELETE FROM location_hours_exceptions WHERE location_id = 'loc-anaheim' AND date = '2026-12-24';
INSERT INTO location_hours_exceptions (location_id, date, opens, closes, note) VALUES
  ('loc-anaheim', '2026-12-24', '08:00', '14:00', 'Christmas Eve');

DELETE FROM location_hours_exceptions WHERE location_id = 'loc-anaheim' AND date = '2026-12-25';
INSERT INTO location_hours_exceptions (location_id, date, opens, closes, note) VALUES
  ('loc-anaheim', '2026-12-25', NULL, NULL, 'Christmas Day');

DELETE FROM location_hours_exceptions WHERE location_id = 'loc-anaheim' AND date = '2026-12-31';
INSERT INTO location_hours_exceptions (location_id, date, opens, closes, note) VALUES
  ('loc-anaheim', '2026-12-31', '07:00', '16:00', 'New Year''s Eve');

DELETE FROM location_hours_exceptions WHERE location_id = 'loc-anaheim' AND date = '2027-01-01';
INSERT INTO location_hours_exceptions (location_id, date, opens, closes, note) VALUES
  ('loc-anaheim', '2027-01-01', NULL, NULL, 'New Year''s Day');
