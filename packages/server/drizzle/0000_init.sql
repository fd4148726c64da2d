CREATE SEQUENCE "public"."catalog_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "categories" (
	"name" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"menu_position" integer
);
--> statement-breakpoint
CREATE TABLE "category_links" (
	"parent" text NOT NULL,
	"child" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"email" text NOT NULL,
	"order_number" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"rma" text DEFAULT '' NOT NULL,
	"questions" text NOT NULL,
	"customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"contact_person_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"percentage" integer DEFAULT 15 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"image_id" serial PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"image_link" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"item_id" text PRIMARY KEY NOT NULL,
	"zoho_id" text,
	"item_name" text NOT NULL,
	"sku" text NOT NULL,
	"category" text NOT NULL,
	"sub_category" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"product_category" text DEFAULT '' NOT NULL,
	"product_series" text DEFAULT '' NOT NULL,
	"processor_type" text DEFAULT '' NOT NULL,
	"processor_speed" text DEFAULT '' NOT NULL,
	"standard_memory" text DEFAULT '' NOT NULL,
	"screen_size" text DEFAULT '' NOT NULL,
	"screen_resolution" text DEFAULT '' NOT NULL,
	"graphics_card" text DEFAULT '' NOT NULL,
	"solid_state_drive" text DEFAULT '' NOT NULL,
	"touchscreen" text DEFAULT '' NOT NULL,
	"operating_system" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"refresh_rate" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"item_condition" text NOT NULL,
	"is_sale" boolean DEFAULT false NOT NULL,
	"is_brand_new" boolean DEFAULT false NOT NULL,
	"is_recertified" boolean DEFAULT false NOT NULL,
	"is_scratch_dent" boolean DEFAULT false NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"scratch_dent_stock" integer DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"sale_price_cents" integer DEFAULT 0 NOT NULL,
	"scratch_dent_price_cents" integer DEFAULT 0 NOT NULL,
	"main_image" text DEFAULT '' NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"listed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_version" bigint DEFAULT nextval('catalog_version_seq') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"contact_person_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_item_id_products_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."products"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_contact_person_id_contacts_contact_person_id_fk" FOREIGN KEY ("contact_person_id") REFERENCES "public"."contacts"("contact_person_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "category_links_pk" ON "category_links" USING btree ("parent","child");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_username_idx" ON "contacts" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "outbox_unsent_idx" ON "outbox" USING btree ("id") WHERE "outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "product_images_item_idx" ON "product_images" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_idx" ON "products" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "products_row_version_idx" ON "products" USING btree ("row_version");--> statement-breakpoint
CREATE INDEX "sessions_contact_idx" ON "sessions" USING btree ("contact_person_id");