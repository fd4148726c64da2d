ALTER TABLE "contacts" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "details_fr" text DEFAULT '' NOT NULL;