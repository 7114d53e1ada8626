-- The featured placement said "Pin your listing at the top of its categories", while a buyer chooses
-- any category pages (docs/decisions.md, featured_week; the listing page's Promote card says so).
-- The words now say what is sold. A description the site team has changed is left as it is.
UPDATE products
SET description = 'Pin your listing at the top of the category pages you choose, for the weeks you choose.'
WHERE key = 'featured_week'
  AND description = 'Pin your listing at the top of its categories for the weeks you choose.';
