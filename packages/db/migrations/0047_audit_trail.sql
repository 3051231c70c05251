CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"parent_id" text,
	"locale" text,
	"action" text NOT NULL,
	"actor" jsonb,
	"occurred_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"changed" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('create', 'update', 'delete'))
);
--> statement-breakpoint
CREATE INDEX "audit_events_object_idx" ON "audit_events" USING btree (lower("object_id") collate "C",lower("object_type") collate "C","occurred_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_parent_idx" ON "audit_events" USING btree (lower("parent_id") collate "C","occurred_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_time_idx" ON "audit_events" USING btree ("occurred_at" DESC NULLS FIRST);--> statement-breakpoint
-- The audit trail (issue 24, docs/audit-trail.md). Every insert, update and delete of an audited table
-- is recorded by the row trigger `audit_row` in the writing transaction: whoever wrote (a service, the
-- importer, another instance, a SQL script) cannot leave it out. The actor is what the transaction set
-- in `audit.actor` (a JSON object; the commerce service sets it for every authenticated request), none
-- for the system. `audit.skip = on` (the dataset loader's one transaction) records nothing.
--
-- The trigger's arguments, written by audit_attach:
--   0 the object type, where `{column}` stands for that column's value (`user:{company_type}`);
--   1 the parent column ('' none): the object the ID is unique within (a user's company);
--   2 the locale column ('' none);
--   3 the key columns within the parent, as a text[] literal: the object ID is their values joined by '/'
--     (empty ones left out); a renamed object is recorded under its new ID (the old one is in `before`);
--   4 columns never stored (secrets, such as password hashes, and counters that are no one's change);
--   5 columns stored but not a change on their own (timestamps every write moves): an update that
--     changes only these is not recorded.
CREATE OR REPLACE FUNCTION audit_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  object_type text := TG_ARGV[0];
  parent_column text := nullif(TG_ARGV[1], '');
  locale_column text := nullif(TG_ARGV[2], '');
  key_columns text[] := TG_ARGV[3]::text[];
  hidden text[] := TG_ARGV[4]::text[];
  quiet text[] := TG_ARGV[5]::text[];
  old_row jsonb;
  new_row jsonb;
  r jsonb;
  changed text[];
  placeholder text;
  object_id text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_row := to_jsonb(OLD) - hidden;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_row := to_jsonb(NEW) - hidden;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT coalesce(array_agg(n.key ORDER BY n.key), '{}') INTO changed
      FROM jsonb_each(new_row) AS n
      WHERE n.value IS DISTINCT FROM old_row -> n.key;
    IF changed <@ quiet THEN
      RETURN NULL;
    END IF;
  ELSE
    SELECT coalesce(array_agg(n.key ORDER BY n.key), '{}') INTO changed
      FROM jsonb_each(coalesce(new_row, old_row)) AS n
      WHERE n.value <> 'null'::jsonb;
  END IF;
  r := coalesce(new_row, old_row);
  WHILE strpos(object_type, '{') > 0 LOOP
    placeholder := substring(object_type FROM '\{([a-z_0-9]+)\}');
    IF placeholder IS NULL THEN
      RAISE EXCEPTION 'audit_record: bad object type template %', TG_ARGV[0];
    END IF;
    object_type := replace(object_type, '{' || placeholder || '}', coalesce(r ->> placeholder, ''));
  END LOOP;
  SELECT coalesce(string_agg(r ->> k.name, '/' ORDER BY k.n), '') INTO object_id
    FROM unnest(key_columns) WITH ORDINALITY AS k(name, n)
    WHERE coalesce(r ->> k.name, '') <> '';
  INSERT INTO audit_events (object_type, object_id, parent_id, locale, action, actor, before, after, changed)
  VALUES (
    object_type,
    object_id,
    nullif(r ->> parent_column, ''),
    r ->> locale_column,
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    nullif(current_setting('audit.actor', true), '')::jsonb,
    old_row,
    new_row,
    changed
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Attaches the trail to a table (again: a table attached before gets its trigger replaced). Every column
-- named must exist. `ignore_updates_of`: an UPDATE whose SET list names only these columns does not fire
-- the trigger at all (the trigger is `UPDATE OF` every other column): an order's stock move costs nothing.
-- A migration that adds a column to such a table calls audit_attach again, so the new column is watched
-- (audit-trail.db.test.ts checks every such trigger against its table).
CREATE OR REPLACE FUNCTION audit_attach(
  tbl regclass,
  object_type text,
  key_columns text[],
  parent_column text DEFAULT NULL,
  locale_column text DEFAULT NULL,
  hidden text[] DEFAULT '{}',
  quiet text[] DEFAULT '{}',
  ignore_updates_of text[] DEFAULT '{}'
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  named text;
  watched text;
  templated text;
BEGIN
  FOREACH named IN ARRAY key_columns || hidden || quiet || ignore_updates_of
    || ARRAY[parent_column, locale_column]::text[] LOOP
    IF named IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM pg_attribute WHERE attrelid = tbl AND attname = named AND attnum > 0 AND NOT attisdropped
    ) THEN
      RAISE EXCEPTION 'audit_attach: % has no column %', tbl, named;
    END IF;
  END LOOP;
  FOR templated IN SELECT m[1] FROM regexp_matches(object_type, '\{([^}]*)\}', 'g') AS m LOOP
    IF NOT EXISTS (
      SELECT 1 FROM pg_attribute WHERE attrelid = tbl AND attname = templated AND attnum > 0 AND NOT attisdropped
    ) THEN
      RAISE EXCEPTION 'audit_attach: % has no column % (object type %)', tbl, templated, object_type;
    END IF;
  END LOOP;
  IF cardinality(ignore_updates_of) > 0 THEN
    SELECT 'UPDATE OF ' || string_agg(quote_ident(attname), ', ' ORDER BY attnum) INTO watched
      FROM pg_attribute
      WHERE attrelid = tbl AND attnum > 0 AND NOT attisdropped AND NOT (attname = ANY (ignore_updates_of));
  ELSE
    watched := 'UPDATE';
  END IF;
  EXECUTE format('DROP TRIGGER IF EXISTS audit_row ON %s', tbl);
  EXECUTE format(
    'CREATE TRIGGER audit_row AFTER INSERT OR %s OR DELETE ON %s FOR EACH ROW '
      || 'WHEN (current_setting(''audit.skip'', true) IS DISTINCT FROM ''on'') '
      || 'EXECUTE FUNCTION audit_record(%L, %L, %L, %L, %L, %L)',
    watched, tbl, object_type, coalesce(parent_column, ''), coalesce(locale_column, ''),
    key_columns::text, hidden::text, quiet::text
  );
END
$$;
--> statement-breakpoint
-- Append-only: the trail is never rewritten or shortened by a statement (a retention job, when one is
-- needed, would go through a function that marks its own transaction, as search_events does).
CREATE FUNCTION audit_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % is refused', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
-- The catalogue. Stock moved by orders (the inventory columns of products and variants, set alone by an
-- order's submit or cancel) fires nothing: the order keeps that history, and issue 23's submit pays
-- nothing for the trail. A stock change by the API always sets another column too (LastUpdated on
-- products, the ID on variants), so it is recorded with the rest.
SELECT audit_attach('products', 'product', '{id}',
  quiet => '{last_updated,inventory_last_updated}',
  ignore_updates_of => '{inventory_quantity_available,inventory_last_updated}');
--> statement-breakpoint
SELECT audit_attach('variants', 'variant', '{id}', 'product_id',
  quiet => '{inventory_last_updated}',
  ignore_updates_of => '{inventory_quantity_available,inventory_last_updated}');
--> statement-breakpoint
SELECT audit_attach('inventory_records', 'inventory-record', '{variant_id,id}', 'product_id',
  quiet => '{last_updated}');
--> statement-breakpoint
SELECT audit_attach('inventory_record_assignments', 'inventory-record-assignment',
  '{variant_id,inventory_record_id,buyer_id,user_group_id}', 'product_id');
--> statement-breakpoint
SELECT audit_attach('price_schedules', 'price-schedule', '{id}');
--> statement-breakpoint
SELECT audit_attach('price_breaks', 'price-break', '{quantity}', 'price_schedule_id');
--> statement-breakpoint
SELECT audit_attach('catalogs', 'catalog', '{id}');
--> statement-breakpoint
SELECT audit_attach('catalog_assignments', 'catalog-assignment', '{buyer_id}', 'catalog_id');
--> statement-breakpoint
SELECT audit_attach('catalog_product_assignments', 'catalog-product-assignment', '{catalog_id}', 'product_id');
--> statement-breakpoint
-- listing_key: the category's small number in the listing read model, never shown and never changed.
SELECT audit_attach('categories', 'category', '{id}', 'catalog_id', hidden => '{listing_key}');
--> statement-breakpoint
SELECT audit_attach('category_product_assignments', 'category-product-assignment',
  '{catalog_id,category_id}', 'product_id');
--> statement-breakpoint
SELECT audit_attach('category_assignments', 'category-assignment',
  '{category_id,buyer_id,user_group_id}', 'catalog_id');
--> statement-breakpoint
SELECT audit_attach('product_assignments', 'product-assignment', '{buyer_id,user_group_id}', 'product_id');
--> statement-breakpoint
SELECT audit_attach('specs', 'spec', '{id}');
--> statement-breakpoint
SELECT audit_attach('spec_options', 'spec-option', '{id}', 'spec_id');
--> statement-breakpoint
SELECT audit_attach('spec_product_assignments', 'spec-product-assignment', '{spec_id}', 'product_id');
--> statement-breakpoint
SELECT audit_attach('product_facets', 'product-facet', '{id}');
--> statement-breakpoint
-- Identity. A user's password hash is a secret; its token version and failed-login count move with
-- logins and revocations, not with anyone's change of the user (a password change shows as
-- PasswordLastSetDate).
SELECT audit_attach('buyers', 'buyer', '{id}');
--> statement-breakpoint
SELECT audit_attach('users', 'user:{company_type}', '{id}', 'company_id',
  hidden => '{password_hash,token_version,failed_login_count}');
--> statement-breakpoint
SELECT audit_attach('user_groups', 'user-group:{company_type}', '{id}', 'company_id');
--> statement-breakpoint
SELECT audit_attach('user_group_assignments', 'user-group-assignment:{company_type}',
  '{user_group_id,user_id}', 'company_id');
--> statement-breakpoint
SELECT audit_attach('addresses', 'address:{company_type}', '{id}', 'company_id');
--> statement-breakpoint
SELECT audit_attach('buyer_assignments', '{kind}-assignment', '{object_id,user_group_id,user_id}', 'buyer_id');
--> statement-breakpoint
SELECT audit_attach('approval_rules', 'approval-rule', '{id}', 'owner_id');
--> statement-breakpoint
SELECT audit_attach('security_profile_assignments', 'security-profile-assignment',
  '{buyer_id,supplier_id,user_group_id,user_id}', 'security_profile_id', hidden => '{key}');
--> statement-breakpoint
-- Content: per type, ID and locale.
SELECT audit_attach('content_items', 'content:{type}', '{id}', NULL, 'locale', quiet => '{updated_at}');
