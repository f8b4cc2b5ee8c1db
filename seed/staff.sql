-- The shop's staff: whoever signs in (Google or Apple) with a listed, verified e-mail may use the
-- order board of that location. role is 'staff' or 'manager'. E-mails are stored lower-case, however written.
--   npx wrangler d1 execute DB --remote --file seed/staff.sql   (production)
-- Idempotent (an upsert keyed by the e-mail). To remove someone, delete their row:
--   npx wrangler d1 execute DB --remote --command "DELETE FROM staff_members WHERE email = 'name@example.com'"
-- Development-only people (barista@example.com) are in seed/dev/staff.sql, never here.

INSERT INTO staff_members (email, location_id, role) VALUES
  ('manager@squeeze-juice.example', 'loc-anaheim', 'manager')
ON CONFLICT (email) DO UPDATE SET
  location_id = excluded.location_id, role = excluded.role;
