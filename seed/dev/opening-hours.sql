-- Development and tests only (applied after seed/*.sql by `npm run dev`, `npm run db:dev-hours` and
-- the test harness): every shop, a new one included, is open around the clock, so ordering works
-- whenever a developer or CI runs. Tests that need a closed shop set their own hours. The
-- production hours are in seed/opening-hours.sql; its one-off days
-- (seed/opening-hours-exceptions.sql) are not applied while these hours are in force
-- (scripts/lib/seed-files.mjs), and an exception written by hand into the local database is kept.

-- Every shop in the database: '00:00' to '00:00' is open all day, on each of the seven weekdays.
DELETE FROM location_hours;
INSERT INTO location_hours (location_id, weekday, opens, closes)
  SELECT shop.id, day.value, '00:00', '00:00'
  FROM locations AS shop, json_each('[0, 1, 2, 3, 4, 5, 6]') AS day;
