-- Development only: applied by `npm run dev`, the test harness and the browser tests' server,
-- never to production. These are test people of the local sign-in stand-in: a barista of each
-- shop, a manager of Squeeze Anaheim and Squeeze Fullerton, and the company's owner (who belongs
-- to every shop).

INSERT INTO staff_members (email, location_id, role) VALUES
  ('barista@example.com', 'loc-anaheim', 'staff'),
  ('barista.fullerton@example.com', 'loc-fullerton', 'staff'),
  ('barista.scottsdale@example.com', 'loc-scottsdale', 'staff'),
  ('manager@example.com', 'loc-anaheim', 'manager'),
  ('manager@example.com', 'loc-fullerton', 'manager'),
  ('owner@example.com', 'loc-anaheim', 'owner')
ON CONFLICT (email, location_id) DO UPDATE SET role = excluded.role;
