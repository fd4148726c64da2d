CREATE TABLE "account_applications" (
	"application_id" serial PRIMARY KEY NOT NULL,
	"company" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"province" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"address_id" serial PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"address_line_1" text NOT NULL,
	"address_line_2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"zip" text NOT NULL,
	"country" text DEFAULT 'Canada' NOT NULL,
	"phone_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"customer_id" text NOT NULL,
	"item_id" text NOT NULL,
	"item_condition" text NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_check" CHECK ("cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "customer_messages" (
	"message_id" serial PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"item_id" text,
	"item_name" text NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"item_condition" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"rate_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"invoice_id" serial PRIMARY KEY NOT NULL,
	"invoice_number" text NOT NULL,
	"order_id" integer NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"shipping_tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"item_name" text NOT NULL,
	"sku" text NOT NULL,
	"item_condition" text NOT NULL,
	"quantity" integer NOT NULL,
	"item_rate_cents" integer NOT NULL,
	"main_image" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"order_id" serial PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"customer_id" text NOT NULL,
	"contact_person_id" text NOT NULL,
	"checkout_key" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"purchase_order_id" text NOT NULL,
	"shipping_method" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"items_tax_cents" integer NOT NULL,
	"tax_rate_milli" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_time" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipping_attention" text NOT NULL,
	"shipping_company" text DEFAULT '' NOT NULL,
	"shipping_address_1" text NOT NULL,
	"shipping_address_2" text DEFAULT '' NOT NULL,
	"shipping_city" text NOT NULL,
	"shipping_province" text NOT NULL,
	"shipping_zip" text NOT NULL,
	"shipping_country" text NOT NULL,
	"shipping_phone" text DEFAULT '' NOT NULL,
	"billing_attention" text NOT NULL,
	"billing_company" text DEFAULT '' NOT NULL,
	"billing_address_1" text NOT NULL,
	"billing_address_2" text DEFAULT '' NOT NULL,
	"billing_city" text NOT NULL,
	"billing_province" text NOT NULL,
	"billing_zip" text NOT NULL,
	"billing_country" text NOT NULL,
	"billing_phone" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_person_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recently_viewed" (
	"customer_id" text NOT NULL,
	"item_id" text NOT NULL,
	"item_condition" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"subscribed" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wish_list_items" (
	"list_id" text NOT NULL,
	"item_id" text NOT NULL,
	"sku" text NOT NULL,
	"item_condition" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wish_lists" (
	"list_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"list_name" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("invoice_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD CONSTRAINT "password_reset_codes_contact_person_id_contacts_contact_person_id_fk" FOREIGN KEY ("contact_person_id") REFERENCES "public"."contacts"("contact_person_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recently_viewed" ADD CONSTRAINT "recently_viewed_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_list_items" ADD CONSTRAINT "wish_list_items_list_id_wish_lists_list_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."wish_lists"("list_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_lists" ADD CONSTRAINT "wish_lists_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_customer_idx" ON "addresses" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_pk" ON "cart_items" USING btree ("customer_id","item_id","item_condition");--> statement-breakpoint
CREATE INDEX "customer_messages_customer_idx" ON "customer_messages" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_idx" ON "orders" USING btree ("customer_id","checkout_key");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_codes_contact_idx" ON "password_reset_codes" USING btree ("contact_person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recently_viewed_pk" ON "recently_viewed" USING btree ("customer_id","item_id","item_condition");--> statement-breakpoint
CREATE INDEX "recently_viewed_time_idx" ON "recently_viewed" USING btree ("customer_id","viewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wish_list_items_pk" ON "wish_list_items" USING btree ("list_id","item_id","item_condition");--> statement-breakpoint
CREATE INDEX "wish_lists_customer_idx" ON "wish_lists" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_check" CHECK ("products"."stock" >= 0 and "products"."scratch_dent_stock" >= 0);