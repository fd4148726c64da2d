-- Trigrams find a PO number by any part of it (PGlite loads the extension's files; see db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "order_lines_sku_idx" ON "order_lines" USING btree ("sku","order_id");--> statement-breakpoint
CREATE INDEX "orders_contact_idx" ON "orders" USING btree ("contact_person_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_province_idx" ON "orders" USING btree ("shipping_province","created_at");--> statement-breakpoint
CREATE INDEX "orders_po_trgm_idx" ON "orders" USING gin ("purchase_order_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_po_lower_idx" ON "orders" USING btree (lower("purchase_order_id"));