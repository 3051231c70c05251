-- Promotions as a group of the read cache (services/commerce/src/http/read-cache.ts): the order engine
-- remembers whether any AutoApply promotion is active, keyed by cache_generations('promotions'), moved on
-- at the commit of every transaction that changed one of these tables, like 'catalogue' (0011, 0012).
INSERT INTO cache_generations (name, generation) VALUES ('promotions', 1) ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER promotions_promotions_generation AFTER INSERT OR UPDATE OR DELETE ON promotions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('promotions');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER promotion_assignments_promotions_generation AFTER INSERT OR UPDATE OR DELETE ON promotion_assignments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('promotions');
