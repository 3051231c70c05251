-- The identity half of the read cache (services/commerce/src/http/read-cache.ts): GET /v1/me and the buyer
-- user lists are keyed by cache_generations('identity'), moved on at the commit of every transaction that
-- changed one of these tables, like 'catalogue' (migrations 0011, 0012).
INSERT INTO cache_generations (name, generation) VALUES ('identity', 1) ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_identity_generation AFTER INSERT OR UPDATE OR DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('identity');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER buyers_identity_generation AFTER INSERT OR UPDATE OR DELETE ON buyers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('identity');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER suppliers_identity_generation AFTER INSERT OR UPDATE OR DELETE ON suppliers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('identity');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_groups_identity_generation AFTER INSERT OR UPDATE OR DELETE ON user_groups
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('identity');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_group_assignments_identity_generation AFTER INSERT OR UPDATE OR DELETE ON user_group_assignments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('identity');
