-- The content service keeps what it reads from content_items in memory, keyed by
-- cache_generations('content'). Every transaction that changes content_items moves it on once, at commit,
-- and NOTIFYs 'cache_generation' (bump_cache_generation of migration 0012), so no instance serves content
-- older than the last commit.
INSERT INTO cache_generations (name, generation) VALUES ('content', 1) ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER content_items_content_generation AFTER INSERT OR UPDATE OR DELETE ON content_items
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('content');
