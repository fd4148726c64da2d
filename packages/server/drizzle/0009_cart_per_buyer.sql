-- Each buyer of a company gets a cart of their own; the carts there are belong to each company's primary contact.
DROP INDEX "cart_items_pk";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "contact_person_id" text;--> statement-breakpoint
UPDATE "cart_items" c SET "contact_person_id" = (
  SELECT p."contact_person_id" FROM "contacts" p
  WHERE p."customer_id" = c."customer_id"
  ORDER BY p."is_primary" DESC, p."created_at", p."contact_person_id"
  LIMIT 1
);--> statement-breakpoint
DELETE FROM "cart_items" WHERE "contact_person_id" IS NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "contact_person_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_contact_person_id_contacts_contact_person_id_fk" FOREIGN KEY ("contact_person_id") REFERENCES "public"."contacts"("contact_person_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_contact_pk" ON "cart_items" USING btree ("contact_person_id","item_id","item_condition");
