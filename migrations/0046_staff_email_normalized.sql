-- A staff e-mail written with capitals or spaces (seed/staff.sql, a one-off INSERT) is stored
-- normalised instead of failing the table's CHECK: SQLite cannot change NEW in a trigger, so the
-- trigger writes the normalised row itself (as the seed's upsert would) and drops the original.
-- The CHECK stays: it still refuses what is not an e-mail address at all.
CREATE TRIGGER staff_members_normalize_email
BEFORE INSERT ON staff_members
WHEN NEW.email <> lower(trim(NEW.email))
BEGIN
  INSERT INTO staff_members (email, location_id, role)
    VALUES (lower(trim(NEW.email)), NEW.location_id, NEW.role)
    ON CONFLICT (email) DO UPDATE SET location_id = excluded.location_id, role = excluded.role;
  SELECT RAISE(IGNORE);
END;
