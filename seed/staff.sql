-- The shops' people: whoever signs in (Google or Apple) with a listed, verified e-mail belongs to
-- that shop, one row per e-mail and shop. role is 'staff' (the order board and the Menu page),
-- 'manager' (also the shop's numbers) or 'owner' (every shop, whichever shop the row names).
-- E-mails are stored lower-case, however written.
--   npx wrangler d1 execute DB --remote --file seed/staff.sql   (production)
-- Idempotent (an upsert keyed by the e-mail and the shop). To remove someone, delete their row:
--   npx wrangler d1 execute DB --remote --command "DELETE FROM staff_members WHERE email = 'name@example.com'"
-- Development-only people (barista@example.com) are in seed/dev/staff.sql, never here.

INSERT INTO staff_members (email, location_id, role) VALUES
  ('manager@squeeze-juice.example', 'loc-anaheim', 'manager')
ON CONFLICT (email, location_id) DO UPDATE SET role = excluded.role;
