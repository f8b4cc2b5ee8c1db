-- Development and tests only (applied after seed/*.sql by `npm run dev` and the test harness):
-- the local shop is open around the clock, so ordering works whenever a developer or CI runs.
-- Tests that need a closed shop set their own hours. The production hours are in
-- seed/opening-hours.sql.

DELETE FROM location_hours WHERE location_id = 'loc-anaheim';
INSERT INTO location_hours (location_id, weekday, opens, closes) VALUES
  ('loc-anaheim', 0, '00:00', '00:00'),
  ('loc-anaheim', 1, '00:00', '00:00'),
  ('loc-anaheim', 2, '00:00', '00:00'),
  ('loc-anaheim', 3, '00:00', '00:00'),
  ('loc-anaheim', 4, '00:00', '00:00'),
  ('loc-anaheim', 5, '00:00', '00:00'),
  ('loc-anaheim', 6, '00:00', '00:00');
DELETE FROM location_hours_exceptions WHERE location_id = 'loc-anaheim';
