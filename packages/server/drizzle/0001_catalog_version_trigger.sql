-- Every change to a product takes a new catalog version, so each server process can read only the rows
-- that changed since it last looked and keep its in-memory catalog fresh.
CREATE FUNCTION products_touch() RETURNS trigger AS $$
BEGIN
  NEW.row_version := nextval('catalog_version_seq');
  NEW.updated_at := now();
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_touch BEFORE UPDATE ON products FOR EACH ROW EXECUTE FUNCTION products_touch();
--> statement-breakpoint
-- Image changes count as product changes.
CREATE FUNCTION product_images_touch() RETURNS trigger AS $$
BEGIN
  UPDATE products SET item_id = item_id WHERE item_id = COALESCE(NEW.item_id, OLD.item_id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER product_images_touch AFTER INSERT OR UPDATE OR DELETE ON product_images FOR EACH ROW EXECUTE FUNCTION product_images_touch();
