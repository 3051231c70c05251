-- The page cache (server/src/page-cache/) keeps rendered storefront pages tagged with what they show
-- (apps/storefront/src/caching/cache-tags.ts). These deferred triggers turn every committed change of the
-- catalogue and content tables into the tags it touches, in page_cache_tags, so a page is rendered again
-- after any change behind it, whoever made it: the REST API, another instance, a SQL script.
-- Versions come from cache_generations('page-tags'), moved once per transaction at commit under that
-- row's lock: they are in commit order. The dataset loader sets page_cache.bulk = 'on' for its one
-- transaction (an empty database has no cached page) and writes the tag 'all' instead.
INSERT INTO cache_generations (name, generation) VALUES ('page-tags', 1) ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION page_cache_version() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  remembered text := current_setting('page_cache.version', true);
  next_version bigint;
BEGIN
  IF remembered IS NOT NULL AND split_part(remembered, ':', 1) = txid_current()::text THEN
    RETURN split_part(remembered, ':', 2)::bigint;
  END IF;
  UPDATE cache_generations SET generation = generation + 1 WHERE name = 'page-tags'
    RETURNING generation INTO next_version;
  PERFORM set_config('page_cache.version', txid_current()::text || ':' || next_version::text, true);
  -- Delivered at commit: PGlite (one opener, this process) reads the feed only after one of these.
  PERFORM pg_notify('cache_generation', 'page-tags');
  RETURN next_version;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION touch_page_cache_tags(tags text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  version bigint;
BEGIN
  IF tags IS NULL OR cardinality(tags) = 0 THEN
    RETURN;
  END IF;
  version := page_cache_version();
  INSERT INTO page_cache_tags (tag, version)
    SELECT DISTINCT tag, version FROM unnest(tags) AS tag WHERE tag IS NOT NULL
    ON CONFLICT (tag) DO UPDATE SET version = excluded.version;
END
$$;
--> statement-breakpoint
-- A category and its ancestors: a family page lists the SKUs of its category and every descendant.
CREATE OR REPLACE FUNCTION page_cache_category_tags(p_catalog text, p_category text) RETURNS text[]
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE up(id, parent_id, depth) AS (
    SELECT id, parent_id, 1 FROM categories WHERE catalog_id = p_catalog AND id = p_category
    UNION ALL
    SELECT c.id, c.parent_id, up.depth + 1
      FROM categories c JOIN up ON c.catalog_id = p_catalog AND c.id = up.parent_id
      WHERE up.depth < 16
  )
  SELECT ARRAY['category:' || p_catalog || ':' || p_category]
    || coalesce((SELECT array_agg('category:' || p_catalog || ':' || id) FROM up), '{}'::text[]);
$$;
--> statement-breakpoint
-- The categories (with ancestors) holding a product: its active flag and facet values change their counts.
CREATE OR REPLACE FUNCTION page_cache_product_tags(p_product text) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY['product:' || p_product]
    || coalesce((SELECT array_agg(DISTINCT tag)
                   FROM category_product_assignments a,
                        unnest(page_cache_category_tags(a.catalog_id, a.category_id)) AS tag
                  WHERE a.product_id = p_product), '{}'::text[]);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION page_cache_schedule_tags(p_schedule text) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT 'product:' || id), '{}'::text[]) FROM (
    SELECT id FROM products WHERE default_price_schedule_id = p_schedule
    UNION SELECT product_id FROM product_assignments WHERE price_schedule_id = p_schedule
  ) AS priced;
$$;
--> statement-breakpoint
-- The tags one row (old or new version, as jsonb) touches. Tables without a finer mapping touch
-- 'catalogue', which every page showing catalogue data carries.
CREATE OR REPLACE FUNCTION page_cache_row_tags(tbl text, r jsonb) RETURNS text[] LANGUAGE plpgsql STABLE AS $$
BEGIN
  CASE tbl
    WHEN 'products' THEN
      RETURN page_cache_product_tags(r->>'id');
    WHEN 'categories' THEN
      RETURN page_cache_category_tags(r->>'catalog_id', r->>'id')
        || CASE WHEN r->>'parent_id' IS NULL THEN '{}'::text[]
                ELSE page_cache_category_tags(r->>'catalog_id', r->>'parent_id') END
        -- any category of the catalog: what unknown category paths (cached 404s) carry
        || ARRAY['categories:' || (r->>'catalog_id')]
        -- the header menu shows three levels (category-menu.ts MENU_DEPTH), the home page the first
        || CASE WHEN coalesce((r->'xp'->>'Level')::int, 1) <= 3 THEN ARRAY['menu:' || (r->>'catalog_id')]
                ELSE '{}'::text[] END;
    WHEN 'category_product_assignments' THEN
      RETURN ARRAY['product:' || (r->>'product_id')]
        || page_cache_category_tags(r->>'catalog_id', r->>'category_id');
    WHEN 'catalogs' THEN
      RETURN ARRAY['catalog:' || (r->>'id')];
    WHEN 'catalog_assignments', 'catalog_product_assignments', 'category_assignments' THEN
      RETURN ARRAY['catalog:' || (r->>'catalog_id')];
    WHEN 'price_schedules' THEN
      RETURN page_cache_schedule_tags(r->>'id');
    WHEN 'price_breaks' THEN
      RETURN page_cache_schedule_tags(r->>'price_schedule_id');
    WHEN 'product_assignments' THEN
      -- who may see the product: the counts and rows of every listing that holds it
      RETURN page_cache_product_tags(r->>'product_id');
    WHEN 'spec_product_assignments', 'variants', 'inventory_records' THEN
      RETURN ARRAY['product:' || (r->>'product_id')];
    WHEN 'content_items' THEN
      RETURN ARRAY[
        'content:' || (r->>'type'),
        'content:' || (r->>'type') || ':' || (r->>'locale'),
        'content:' || (r->>'type') || ':' || (r->>'locale') || ':' || (r->>'id')
      ];
    ELSE
      RETURN ARRAY['catalogue'];
  END CASE;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION page_cache_touch() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tags text[] := '{}';
BEGIN
  IF current_setting('page_cache.bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- Stock moves at every order submit (inventory_* columns): that shows on the product's page only, not in
  -- the listings, so it does not touch the categories.
  IF TG_TABLE_NAME = 'products' AND TG_OP = 'UPDATE' THEN
    IF (SELECT jsonb_object_agg(key, value) FROM jsonb_each(to_jsonb(OLD)) WHERE key NOT LIKE 'inventory\_%')
       = (SELECT jsonb_object_agg(key, value) FROM jsonb_each(to_jsonb(NEW)) WHERE key NOT LIKE 'inventory\_%') THEN
      PERFORM touch_page_cache_tags(ARRAY['product:' || (to_jsonb(NEW)->>'id')]);
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    tags := tags || page_cache_row_tags(TG_TABLE_NAME, to_jsonb(OLD));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    tags := tags || page_cache_row_tags(TG_TABLE_NAME, to_jsonb(NEW));
  END IF;
  PERFORM touch_page_cache_tags(tags);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY[
    'products', 'categories', 'category_product_assignments', 'catalogs', 'catalog_assignments',
    'catalog_product_assignments', 'category_assignments', 'price_schedules', 'price_breaks',
    'product_assignments', 'spec_product_assignments', 'variants', 'inventory_records',
    'inventory_record_assignments', 'specs', 'spec_options', 'product_facets', 'buyers',
    'user_group_assignments', 'suppliers', 'content_items'
  ] LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION page_cache_touch()',
      tbl || '_page_cache_tags', tbl);
  END LOOP;
END
$$;
