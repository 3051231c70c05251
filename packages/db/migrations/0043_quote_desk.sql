DROP INDEX "quotes_status_idx";--> statement-breakpoint
DROP INDEX "quotes_assigned_idx";--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "to_company_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "to_company_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "from_company_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "from_user_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "region" text;--> statement-breakpoint
CREATE INDEX "quotes_desk_submitted_idx" ON "quotes" USING btree ("to_company_type","to_company_id","date_submitted" DESC NULLS FIRST,("id" collate "C"));--> statement-breakpoint
CREATE INDEX "quotes_desk_status_idx" ON "quotes" USING btree ("to_company_type","to_company_id",(lower("status") collate "C"),"date_submitted" DESC NULLS FIRST,("id" collate "C"));--> statement-breakpoint
CREATE INDEX "quotes_desk_status_total_idx" ON "quotes" USING btree ("to_company_type","to_company_id",(lower("status") collate "C"),"total" DESC NULLS FIRST,("id" collate "C"));--> statement-breakpoint
CREATE INDEX "quotes_desk_assigned_idx" ON "quotes" USING btree ("to_company_type","to_company_id",(lower("assigned_user_id") collate "C"),(lower("status") collate "C"),"date_submitted" DESC NULLS FIRST,("id" collate "C"));--> statement-breakpoint
CREATE INDEX "quotes_desk_total_idx" ON "quotes" USING btree ("to_company_type","to_company_id","total" DESC NULLS FIRST,("id" collate "C"));--> statement-breakpoint
CREATE INDEX "quotes_desk_region_idx" ON "quotes" USING btree ("to_company_type","to_company_id",(lower("region") collate "C"),"date_submitted" DESC NULLS FIRST,("id" collate "C"));--> statement-breakpoint
CREATE INDEX "quotes_desk_region_status_idx" ON "quotes" USING btree ("to_company_type","to_company_id",(lower("region") collate "C"),(lower("status") collate "C"),"date_submitted" DESC NULLS FIRST,("id" collate "C"));--> statement-breakpoint
CREATE INDEX "quotes_desk_company_idx" ON "quotes" USING btree ("to_company_type","to_company_id",(lower("from_company_id") collate "C"),"date_submitted" DESC NULLS FIRST,("id" collate "C"));--> statement-breakpoint
CREATE INDEX "quotes_from_idx" ON "quotes" USING btree ("from_company_id","from_user_id");--> statement-breakpoint
-- The desk's read model (schema/quotes.ts): the order columns the quote lists filter on, copied onto the
-- quote so a list filters, sorts and counts on `quotes` alone. Triggers keep the copy, in the transaction
-- of the write: a quote takes them from its order when inserted, and an order's update rewrites its
-- quote's copy when one of them changed (an ID change reaches the quote through its foreign key).
CREATE OR REPLACE FUNCTION quote_order_copy_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.to_company_type, o.to_company_id, o.from_company_id, o.from_user_id, o.xp ->> 'regionName'
    INTO NEW.to_company_type, NEW.to_company_id, NEW.from_company_id, NEW.from_user_id, NEW.region
    FROM orders o WHERE o.id = NEW.id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER quotes_order_copy BEFORE INSERT ON quotes
  FOR EACH ROW EXECUTE FUNCTION quote_order_copy_fill();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION quote_order_copy_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE quotes SET to_company_type = NEW.to_company_type, to_company_id = NEW.to_company_id,
      from_company_id = NEW.from_company_id, from_user_id = NEW.from_user_id,
      region = NEW.xp ->> 'regionName'
    WHERE id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_quote_copy AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.to_company_type, OLD.to_company_id, OLD.from_company_id, OLD.from_user_id, OLD.xp ->> 'regionName')
    IS DISTINCT FROM (NEW.to_company_type, NEW.to_company_id, NEW.from_company_id, NEW.from_user_id, NEW.xp ->> 'regionName'))
  EXECUTE FUNCTION quote_order_copy_follow();
--> statement-breakpoint
UPDATE quotes q SET to_company_type = o.to_company_type, to_company_id = o.to_company_id,
    from_company_id = o.from_company_id, from_user_id = o.from_user_id, region = o.xp ->> 'regionName'
  FROM orders o WHERE o.id = q.id;
--> statement-breakpoint
-- The desk's counts (services/commerce/src/quotes/list-counts.ts) are kept by the committed generation of
-- `quotes`: every transaction that changes a quote moves it on once, at commit (as migrations 0011–0013
-- do for the read cache), so a list reading the generation and the rows in one statement knows whether a
-- count it kept still holds.
INSERT INTO cache_generations (name, generation) VALUES ('quotes', 1) ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER quotes_generation AFTER INSERT OR UPDATE OR DELETE ON quotes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('quotes');
--> statement-breakpoint
-- The list grammar's lowercased filter values (services/commerce/src/list/compile.ts): one array
-- parameter, lowered by the database's own `lower`. Immutable, so with the parameter known the planner
-- evaluates it to a constant array and estimates the filter from the statistics, where a subquery over
-- `unnest` left it guessing.
CREATE OR REPLACE FUNCTION lower_each(text[]) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS
  'SELECT array(SELECT lower(v) FROM unnest($1) AS v)';
--> statement-breakpoint
-- The desk's filters are correlated (a region's quotes are not spread evenly over statuses and reps):
-- without these statistics the planner multiplies their selectivities, expects thousands of rows for a
-- combination that has none, and walks the date index to the end looking for a page of them.
CREATE STATISTICS IF NOT EXISTS quotes_desk_stats (mcv) ON (lower(region)), (lower(status)), (lower(assigned_user_id)) FROM quotes;
--> statement-breakpoint
ANALYZE quotes;
