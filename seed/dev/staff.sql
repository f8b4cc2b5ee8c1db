-- Development only: applied by `npm run dev`, the test harness and the browser tests' server,
-- never to production. barista@example.com is a test person of the local sign-in stand-in.

INSERT INTO staff_members (email, location_id, role) VALUES
  ('barista@example.com', 'loc-anaheim', 'staff')
ON CONFLICT (email) DO UPDATE SET
  location_id = excluded.location_id, role = excluded.role;
