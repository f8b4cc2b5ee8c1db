-- Add-on groups: the choices a drink is sold with (boosts, milk, sweetness, ice, toppings).
--
-- A group has a name and how many of its options a line must choose (min_selected) and may
-- choose (max_selected): 1 and 1 is "Choose 1", 0 and 3 is "Up to 3". Its options carry a price
-- in integer cents (0 is free; a negative price is refused), an order, a default (preselected,
-- and not printed on receipts) and is_hidden to take one off the menu without deleting it.
-- An attachment offers a group with one drink (product_id) or every drink of a category
-- (category_id); sort_order orders a drink's groups. Every row is an upsert keyed by its id,
-- so the file can be applied again:
--   npx wrangler d1 execute DB --remote --file seed/modifiers.sql

INSERT INTO modifier_groups (id, name, min_selected, max_selected) VALUES
  ('grp-milk', 'Milk', 1, 1),
  ('grp-boosts', 'Boosts', 0, 3),
  ('grp-lemonade-sweetness', 'Sweetness', 1, 1),
  ('grp-ice', 'Ice', 1, 1),
  ('grp-tea-sweetness', 'Sweetness', 1, 1),
  ('grp-toppings', 'Toppings', 0, 2)
ON CONFLICT (id) DO UPDATE SET
  name = excluded.name, min_selected = excluded.min_selected, max_selected = excluded.max_selected;

INSERT INTO modifier_options (id, group_id, name, price_cents, sort_order, is_default, is_hidden) VALUES
  ('opt-milk-dairy', 'grp-milk', 'Dairy milk', 0, 1, 1, 0),
  ('opt-milk-oat', 'grp-milk', 'Oat milk', 50, 2, 0, 0),
  ('opt-milk-almond', 'grp-milk', 'Almond milk', 50, 3, 0, 0),
  ('opt-boost-protein', 'grp-boosts', 'Protein', 100, 1, 0, 0),
  ('opt-boost-spirulina', 'grp-boosts', 'Spirulina', 75, 2, 0, 0),
  ('opt-boost-collagen', 'grp-boosts', 'Collagen', 125, 3, 0, 0),
  ('opt-boost-chia', 'grp-boosts', 'Chia seeds', 50, 4, 0, 0),
  ('opt-boost-ginger-shot', 'grp-boosts', 'Ginger shot', 100, 5, 0, 0),
  ('opt-lemonade-regular', 'grp-lemonade-sweetness', 'Regular sweet', 0, 1, 1, 0),
  ('opt-lemonade-less', 'grp-lemonade-sweetness', 'Less sweet', 0, 2, 0, 0),
  ('opt-lemonade-unsweetened', 'grp-lemonade-sweetness', 'Unsweetened', 0, 3, 0, 0),
  ('opt-ice-regular', 'grp-ice', 'Regular ice', 0, 1, 1, 0),
  ('opt-ice-light', 'grp-ice', 'Light ice', 0, 2, 0, 0),
  ('opt-ice-none', 'grp-ice', 'No ice', 0, 3, 0, 0),
  ('opt-tea-100', 'grp-tea-sweetness', '100% sweet', 0, 1, 1, 0),
  ('opt-tea-75', 'grp-tea-sweetness', '75% sweet', 0, 2, 0, 0),
  ('opt-tea-50', 'grp-tea-sweetness', '50% sweet', 0, 3, 0, 0),
  ('opt-tea-25', 'grp-tea-sweetness', '25% sweet', 0, 4, 0, 0),
  ('opt-tea-0', 'grp-tea-sweetness', 'No sugar', 0, 5, 0, 0),
  ('opt-topping-boba', 'grp-toppings', 'Tapioca boba', 75, 1, 0, 0),
  ('opt-topping-popping', 'grp-toppings', 'Popping boba', 75, 2, 0, 0),
  ('opt-topping-jelly', 'grp-toppings', 'Lychee jelly', 75, 3, 0, 0),
  ('opt-topping-foam', 'grp-toppings', 'Cheese foam', 100, 4, 0, 0)
ON CONFLICT (id) DO UPDATE SET
  group_id = excluded.group_id, name = excluded.name, price_cents = excluded.price_cents,
  sort_order = excluded.sort_order, is_default = excluded.is_default, is_hidden = excluded.is_hidden;

-- Milk only for the smoothies made with one; the rest by category.
INSERT INTO modifier_group_attachments (id, group_id, product_id, category_id, sort_order) VALUES
  ('att-milk-berry-blast', 'grp-milk', 'prd-berry-blast', NULL, 10),
  ('att-milk-mango-tango', 'grp-milk', 'prd-mango-tango', NULL, 10),
  ('att-milk-peanut-power', 'grp-milk', 'prd-peanut-power', NULL, 10),
  ('att-milk-strawberry-banana', 'grp-milk', 'prd-strawberry-banana', NULL, 10),
  ('att-sweetness-lemonades', 'grp-lemonade-sweetness', NULL, 'cat-lemonades', 10),
  ('att-ice-juices', 'grp-ice', NULL, 'cat-fresh-juices', 20),
  ('att-ice-lemonades', 'grp-ice', NULL, 'cat-lemonades', 20),
  ('att-boosts-smoothies', 'grp-boosts', NULL, 'cat-smoothies', 30),
  ('att-boosts-juices', 'grp-boosts', NULL, 'cat-fresh-juices', 30),
  ('att-boosts-green', 'grp-boosts', NULL, 'cat-green-detox', 30),
  ('att-sweetness-bubble-tea', 'grp-tea-sweetness', NULL, 'cat-bubble-tea', 10),
  ('att-toppings-bubble-tea', 'grp-toppings', NULL, 'cat-bubble-tea', 20)
ON CONFLICT (id) DO UPDATE SET
  group_id = excluded.group_id, product_id = excluded.product_id, category_id = excluded.category_id,
  sort_order = excluded.sort_order;
