ALTER TABLE "products" ADD COLUMN "row_xid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "images_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_row_xid_idx" ON "products" USING btree ("row_xid");--> statement-breakpoint
-- Every product write records its transaction id. A reader remembers the oldest transaction still running
-- when it last looked (pg_snapshot_xmin) and next reads every row written by that transaction or a later
-- one: a write is picked up once it commits, however long its transaction ran.
CREATE OR REPLACE FUNCTION products_touch() RETURNS trigger AS $$
BEGIN
  NEW.row_version := nextval('catalog_version_seq');
  NEW.row_xid := pg_current_xact_id()::text::bigint;
  NEW.updated_at := now();
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER products_touch ON products;
--> statement-breakpoint
CREATE TRIGGER products_touch BEFORE INSERT OR UPDATE ON products FOR EACH ROW EXECUTE FUNCTION products_touch();
--> statement-breakpoint
-- Image changes mark their product once per statement (not once per image row), with a version of their own
-- so a reader fetches images only when they changed.
DROP TRIGGER product_images_touch ON product_images;
--> statement-breakpoint
DROP FUNCTION product_images_touch();
--> statement-breakpoint
CREATE FUNCTION product_images_touch() RETURNS trigger AS $$
BEGIN
  UPDATE products SET images_version = nextval('catalog_version_seq')
  WHERE item_id IN (SELECT item_id FROM changed_images);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER product_images_insert AFTER INSERT ON product_images REFERENCING NEW TABLE AS changed_images
  FOR EACH STATEMENT EXECUTE FUNCTION product_images_touch();
--> statement-breakpoint
CREATE TRIGGER product_images_update AFTER UPDATE ON product_images REFERENCING NEW TABLE AS changed_images
  FOR EACH STATEMENT EXECUTE FUNCTION product_images_touch();
--> statement-breakpoint
CREATE TRIGGER product_images_delete AFTER DELETE ON product_images REFERENCING OLD TABLE AS changed_images
  FOR EACH STATEMENT EXECUTE FUNCTION product_images_touch();
--> statement-breakpoint
-- Every server process listens: a committed product change reaches all of them at once (the poll and the
-- transaction-id watermark above keep them exact if a notification is missed).
CREATE FUNCTION products_notify() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_notify AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION products_notify();
