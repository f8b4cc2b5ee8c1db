-- The stamp card: the owner's SQL, like the menu. One program for every shop: a stamp for each
-- drink of an order completed with its money in (add-ons earn none), earned at any shop and spent
-- at any shop. Apply with:
--   npx wrangler d1 execute DB --local --file seed/loyalty.sql    (local database)
--   npx wrangler d1 execute DB --remote --file seed/loyalty.sql   (production)
-- Idempotent. Changing a reward never rewrites stamps already earned or spent.
--
-- loyalty_rewards, one row per reward:
--   id       a stable id; keep it when renaming
--   name     what shoppers see, e.g. 'A free drink'
--   stamps   what it costs; 9 = buy nine, the tenth is free
--   active   0 stops offering it (a reward already used on an order stays on that order)
--
-- A free drink covers one drink at its size with its required choices; optional paid add-ons
-- are charged.
INSERT INTO loyalty_rewards (id, name, stamps, active) VALUES
  ('rwd-free-drink', 'A free drink', 9, 1)
ON CONFLICT (id) DO UPDATE SET name = excluded.name, stamps = excluded.stamps, active = excluded.active;

-- An adjustment (a stamp card lost on paper, a complaint made good) is one row of the ledger
-- with who made it and why; the balance is the ledger's sum, so it is never edited:
--   INSERT INTO stamp_ledger (user_id, kind, stamps, note, adjusted_by)
--   VALUES ('<user id>', 'adjusted', 3, 'Paper card from the old till', 'owner@squeeze-juice.example');
