-- The seller's desk keeps its pages under the committed generation of `quotes`
-- (services/commerce/src/quotes/reads.ts). A page also shows its project's sender snapshot
-- (`orders.from_user`), which is not copied onto the quote: a change of it now rewrites the quote's copy
-- too, so the quote row is written and the generation moves on at commit like for the copied columns.
DROP TRIGGER IF EXISTS orders_quote_copy ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_quote_copy AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.to_company_type, OLD.to_company_id, OLD.from_company_id, OLD.from_user_id, OLD.xp ->> 'regionName', OLD.from_user)
    IS DISTINCT FROM (NEW.to_company_type, NEW.to_company_id, NEW.from_company_id, NEW.from_user_id, NEW.xp ->> 'regionName', NEW.from_user))
  EXECUTE FUNCTION quote_order_copy_follow();
