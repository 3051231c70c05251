-- Issue 22 item 1: a project (an order whose xp has projectName) is a request for quote, and submitting
-- it takes no stock. Whether a submit took stock is recorded on the order, so that cancelling or declining
-- it gives back exactly what was taken. Until now every submit took stock: orders submitted and not since
-- cancelled or declined (both gave their stock back) hold it.
ALTER TABLE "orders" ADD COLUMN "stock_taken" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "stock_taken" = true WHERE "is_submitted" AND "status" NOT IN ('Canceled', 'Declined');
