-- Development only: applied by `npm run dev`, the test harness and the browser tests' server,
-- never to production. These are test people of the local sign-in stand-in: a barista and a
-- manager of Squeeze Anaheim, and the company's owner (who belongs to every shop).

INSERT INTO staff_members (email, location_id, role) VALUES
  ('barista@example.com', 'loc-anaheim', 'staff'),
  ('manager@example.com', 'loc-anaheim', 'manager'),
  ('owner@example.com', 'loc-anaheim', 'owner')
ON CONFLICT (email, location_id) DO UPDATE SET role = excluded.role;
